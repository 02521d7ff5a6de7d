/**
 * Helpers of the conference tests: a strict little iCalendar (RFC 5545) reader, and conferences
 * inserted relative to now (so the tests do not depend on the seed's fixed dates).
 */
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildSearchText } from '../src/lib/arabic-search';
import { conferenceImportantDates, conferences } from '../src/db/schema';
import type { CapturedMail, SmtpCapture } from './helper';

export interface IcsProperty {
  name: string;
  params: Record<string, string>;
  value: string;
}
export interface IcsComponent {
  name: string;
  properties: IcsProperty[];
  components: IcsComponent[];
}

/**
 * Parses an iCalendar text and checks its syntax on the way: CRLF line ends, content lines of at
 * most 75 octets, folded lines starting with one space or tab, `NAME[;PARAM=V]*:VALUE` lines,
 * BEGIN/END balanced and one VCALENDAR at the root. Throws on the first violation.
 */
export function parseIcs(text: string): IcsComponent {
  if (!text.endsWith('\r\n')) throw new Error('the text must end with CRLF');
  const physical = text.slice(0, -2).split('\r\n');
  for (const line of physical) {
    if (line.includes('\n') || line.includes('\r')) throw new Error(`bare line break in ${JSON.stringify(line)}`);
    if (Buffer.byteLength(line, 'utf8') > 75) throw new Error(`line longer than 75 octets: ${line}`);
  }
  const logical: string[] = [];
  for (const line of physical) {
    if (line.startsWith(' ') || line.startsWith('\t')) {
      if (logical.length === 0) throw new Error('continuation line first');
      logical[logical.length - 1] += line.slice(1);
    } else logical.push(line);
  }
  const root: IcsComponent = { name: '', properties: [], components: [] };
  const stack: IcsComponent[] = [root];
  for (const line of logical) {
    const match = /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=(?:"[^"]*"|[^;:,"]*)(?:,(?:"[^"]*"|[^;:,"]*))*)*):(.*)$/.exec(line);
    if (!match) throw new Error(`not a content line: ${line}`);
    const [, rawName = '', rawParams = '', value = ''] = match;
    const name = rawName.toUpperCase();
    const params: Record<string, string> = {};
    for (const param of rawParams.split(';').filter(Boolean)) {
      const [key = '', ...rest] = param.split('=');
      params[key.toUpperCase()] = rest.join('=');
    }
    const current = stack[stack.length - 1]!;
    if (name === 'BEGIN') {
      const component: IcsComponent = { name: value.toUpperCase(), properties: [], components: [] };
      current.components.push(component);
      stack.push(component);
    } else if (name === 'END') {
      if (current.name !== value.toUpperCase()) throw new Error(`END:${value} closes ${current.name}`);
      stack.pop();
    } else {
      if (current === root) throw new Error(`property outside a component: ${line}`);
      current.properties.push({ name, params, value });
    }
  }
  if (stack.length !== 1) throw new Error('unclosed component');
  if (root.components.length !== 1 || root.components[0]!.name !== 'VCALENDAR') throw new Error('one VCALENDAR expected');
  return root.components[0]!;
}

export const prop = (component: IcsComponent, name: string) => component.properties.find((p) => p.name === name);
export const unescapeText = (value: string) => value.replace(/\\n/gi, '\n').replace(/\\([,;\\])/g, '$1');

/** The conference's own event in a calendar file (not its deadlines'), with the calendar's METHOD. */
export function conferenceEvent(text: string, id: number): { method: string | undefined; event: IcsComponent } {
  const calendar = parseIcs(text);
  const event = calendar.components.find((component) => component.name === 'VEVENT' && prop(component, 'UID')?.value === `conference-${id}@conferences.scholars-hub`);
  if (!event) throw new Error(`no event of conference ${id}`);
  return { method: prop(calendar, 'METHOD')?.value, event };
}
/** An event's SEQUENCE (0 when absent, RFC 5545 3.8.7.4). */
export const sequenceOf = (event: IcsComponent) => Number(prop(event, 'SEQUENCE')?.value ?? '0');

/** Checks what every calendar of a conference must have; returns its VEVENTs. */
export function expectValidConferenceCalendar(text: string): { calendar: IcsComponent; events: IcsComponent[] } {
  const calendar = parseIcs(text);
  expect(prop(calendar, 'VERSION')?.value).toBe('2.0');
  expect(prop(calendar, 'PRODID')?.value).toBeTruthy();
  const zones = calendar.components.filter((c) => c.name === 'VTIMEZONE');
  const zoneIds = zones.map((zone) => prop(zone, 'TZID')?.value);
  for (const zone of zones) {
    const observances = zone.components.filter((c) => c.name === 'STANDARD' || c.name === 'DAYLIGHT');
    expect(observances.length).toBeGreaterThan(0);
    for (const observance of observances) {
      expect(prop(observance, 'DTSTART')?.value).toMatch(/^\d{8}T\d{6}$/);
      expect(prop(observance, 'TZOFFSETFROM')?.value).toMatch(/^[+-]\d{4}$/);
      expect(prop(observance, 'TZOFFSETTO')?.value).toMatch(/^[+-]\d{4}$/);
    }
  }
  const events = calendar.components.filter((c) => c.name === 'VEVENT');
  expect(events.length).toBeGreaterThan(0);
  for (const event of events) {
    for (const name of ['UID', 'DTSTAMP', 'DTSTART', 'DTEND', 'SUMMARY']) expect(prop(event, name), name).toBeDefined();
    const start = prop(event, 'DTSTART')!;
    const end = prop(event, 'DTEND')!;
    if (start.params.VALUE === 'DATE') {
      expect(start.value).toMatch(/^\d{8}$/);
      expect(end.value > start.value).toBe(true);
    } else {
      // Timed events are in a zone the calendar defines.
      expect(start.params.TZID).toBeTruthy();
      expect(zoneIds).toContain(start.params.TZID);
      expect(end.params.TZID).toBe(start.params.TZID);
      expect(start.value).toMatch(/^\d{8}T\d{6}$/);
      expect(end.value >= start.value).toBe(true);
    }
  }
  const uids = events.map((event) => prop(event, 'UID')!.value);
  expect(new Set(uids).size).toBe(uids.length);
  return { calendar, events };
}

const DAY = 86_400_000;
let counter = 0;

export interface TestConferenceOptions {
  /** Days from now to the start (negative: in the past). */
  startInDays: number;
  durationHours?: number;
  registrationOpen?: boolean;
  categoryId?: number;
  excerpts?: string | null;
  title?: string;
  titleEn?: string;
  timezone?: string;
}

/** Inserts a conference starting `startInDays` from now; returns its id. */
export async function insertConference(app: FastifyInstance, options: TestConferenceOptions): Promise<number> {
  counter += 1;
  const start = new Date(Date.now() + options.startInDays * DAY);
  start.setUTCSeconds(0, 0);
  const end = new Date(start.getTime() + (options.durationHours ?? 6) * 3_600_000);
  const title = options.title ?? `مؤتمر الاختبار ${counter}`;
  const titleEn = options.titleEn ?? `Test conference ${counter}`;
  const [row] = await app.db
    .insert(conferences)
    .values({
      categoryId: options.categoryId ?? 1,
      title,
      titleEn,
      description: 'وصف مؤتمر الاختبار',
      descriptionEn: 'Test conference description',
      overview: 'نظرة عامة',
      overviewEn: 'Overview',
      objectives: 'الأهداف',
      objectivesEn: 'Objectives',
      excerpts: options.excerpts ?? null,
      excerptsEn: options.excerpts ? `${options.excerpts} (en)` : null,
      mode: 'online',
      timezone: options.timezone ?? 'Asia/Dubai',
      startDate: start,
      endDate: end,
      registrationOpen: options.registrationOpen ?? true,
      searchText: buildSearchText(title, titleEn),
    })
    .returning({ id: conferences.id });
  const id = row!.id;
  await app.db.insert(conferenceImportantDates).values({
    conferenceId: id,
    startDate: start.toISOString().slice(0, 10),
    endDate: end.toISOString().slice(0, 10),
    earlyBirdDeadline: new Date(start.getTime() - 10 * DAY).toISOString().slice(0, 10),
  });
  return id;
}

// ------------------------------------------------------------------------------------ mail
/** Waits for a mail to `address` over the SMTP capture of helper.ts (that matches `predicate`) and returns it. */
export async function mailTo(capture: SmtpCapture, address: string, predicate: (mail: CapturedMail) => boolean = () => true): Promise<CapturedMail> {
  await capture.waitFor(() => capture.mailsTo(address).some(predicate), 15_000);
  return capture.mailsTo(address).find(predicate)!;
}
