/**
 * Time zones and iCalendar (RFC 5545) for conferences.
 *
 * - Zone arithmetic (wall clocks, offsets, `zonedTimeToInstant`) is the locale owner's
 *   (`@scholars/shared-contracts/locale`).
 * - {@link conferenceCalendar}: a VCALENDAR with the conference as a timed event
 *   (`DTSTART;TZID=<zone>`, a matching VTIMEZONE with the zone's real offsets and transitions
 *   around the event) and each important date as an all-day event.
 *
 * Written here rather than with the `ics` package: ics 3.12 cannot emit TZID parameters or
 * VTIMEZONE components, and folds lines by characters where RFC 5545 counts octets (an Arabic
 * line would be twice the allowed length).
 */
import { wallClock, zoneOffsetMinutes } from '@scholars/shared-contracts/locale';

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

// ------------------------------------------------------------------------------------ iCalendar text
const CRLF = '\r\n';

/** TEXT value escaping (RFC 5545 3.3.11). */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds a content line at 75 octets (RFC 5545 3.1), never inside a UTF-8 sequence. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const out: string[] = [];
  let current = '';
  let size = 0;
  let limit = 75;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    if (size + bytes > limit) {
      out.push(current);
      current = '';
      size = 0;
      limit = 74; // continuation lines start with one space
    }
    current += char;
    size += bytes;
  }
  out.push(current);
  return out.join(`${CRLF} `);
}

const utcStamp = (instant: Date) =>
  `${pad(instant.getUTCFullYear(), 4)}${pad(instant.getUTCMonth() + 1)}${pad(instant.getUTCDate())}T${pad(instant.getUTCHours())}${pad(instant.getUTCMinutes())}${pad(instant.getUTCSeconds())}Z`;

/** `YYYYMMDDTHHMMSS` of `instant` on the clocks of `timeZone`. */
function localStamp(timeZone: string, instant: Date): string {
  const wall = wallClock(timeZone, instant);
  return `${pad(wall.year, 4)}${pad(wall.month)}${pad(wall.day)}T${pad(wall.hour)}${pad(wall.minute)}${pad(wall.second)}`;
}

const dateValue = (date: string) => date.replace(/-/g, '');

const nextDay = (date: string) => {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
};

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  return `${sign}${pad(Math.floor(absolute / 60))}${pad(absolute % 60)}`;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Offset changes of `timeZone` between `from` and `to`, to the minute. */
function transitions(timeZone: string, from: Date, to: Date): Array<{ at: Date; before: number; after: number }> {
  const out: Array<{ at: Date; before: number; after: number }> = [];
  let previousTime = from.getTime();
  let previous = zoneOffsetMinutes(timeZone, from);
  for (let time = previousTime + DAY; time <= to.getTime() + DAY; time += DAY) {
    const offset = zoneOffsetMinutes(timeZone, new Date(time));
    if (offset !== previous) {
      // Binary search the change to the minute.
      let low = previousTime;
      let high = time;
      while (high - low > 60_000) {
        const middle = Math.floor((low + high) / 2 / 60_000) * 60_000;
        if (middle <= low) break;
        if (zoneOffsetMinutes(timeZone, new Date(middle)) === previous) low = middle;
        else high = middle;
      }
      out.push({ at: new Date(high), before: previous, after: offset });
      previous = offset;
    }
    previousTime = time;
  }
  return out;
}

/**
 * A VTIMEZONE for `timeZone` valid from a year before `from` to a year after `to`: the offset in
 * force at the start, then one observance per transition (DAYLIGHT when it moves the clocks
 * forward, STANDARD otherwise), each starting at its local onset in the previous offset.
 */
export function vtimezone(timeZone: string, from: Date, to: Date): string[] {
  const start = new Date(from.getTime() - 366 * DAY);
  const end = new Date(to.getTime() + 366 * DAY);
  const initial = zoneOffsetMinutes(timeZone, start);
  const changes = transitions(timeZone, start, end);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`, `X-LIC-LOCATION:${timeZone}`];
  const observance = (kind: 'STANDARD' | 'DAYLIGHT', onsetLocal: string, before: number, after: number) => [
    `BEGIN:${kind}`,
    `DTSTART:${onsetLocal}`,
    `TZOFFSETFROM:${formatOffset(before)}`,
    `TZOFFSETTO:${formatOffset(after)}`,
    `END:${kind}`,
  ];
  const startWall = new Date(start.getTime() + initial * 60_000);
  const startLocal = `${pad(startWall.getUTCFullYear(), 4)}${pad(startWall.getUTCMonth() + 1)}${pad(startWall.getUTCDate())}T000000`;
  const firstChange = changes[0];
  const initialKind = firstChange && firstChange.after < initial ? 'DAYLIGHT' : 'STANDARD';
  lines.push(...observance(initialKind, startLocal, initial, initial));
  for (const change of changes) {
    const onset = new Date(change.at.getTime() + change.before * 60_000);
    const onsetLocal = `${pad(onset.getUTCFullYear(), 4)}${pad(onset.getUTCMonth() + 1)}${pad(onset.getUTCDate())}T${pad(onset.getUTCHours())}${pad(onset.getUTCMinutes())}${pad(onset.getUTCSeconds())}`;
    lines.push(...observance(change.after > change.before ? 'DAYLIGHT' : 'STANDARD', onsetLocal, change.before, change.after));
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

// ------------------------------------------------------------------------------------ conferences
export interface CalendarDate {
  /** Stable part of the UID, e.g. 'paper_submission_deadline'. */
  key: string;
  /** Event title, already localized. */
  label: string;
  /** 'YYYY-MM-DD' */
  date: string;
}

export interface CalendarConference {
  id: number;
  /** Localized title, description, location. */
  title: string;
  description: string;
  location: string | null;
  timezone: string;
  start: Date;
  /** Missing: the event lasts one hour. */
  end: Date | null;
  /** Public page of the conference. */
  url: string;
  updatedAt?: Date;
  importantDates: CalendarDate[];
}

export const CALENDAR_PRODUCT_ID = '-//Scholars Hub//Conferences//EN';
const UID_DOMAIN = 'conferences.scholars-hub';

/**
 * The .ics of a conference: VCALENDAR (PUBLISH) with its VTIMEZONE, the conference as a timed
 * event in its zone, and one all-day event per important date. CRLF line ends, folded at 75 octets.
 */
export function conferenceCalendar(conference: CalendarConference, now: Date = new Date()): string {
  const end = conference.end ?? new Date(conference.start.getTime() + HOUR);
  const stamp = utcStamp(now);
  const zone = conference.timezone;
  const lines: string[] = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${CALENDAR_PRODUCT_ID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(conference.title)}`,
    `X-WR-TIMEZONE:${zone}`,
    ...vtimezone(zone, conference.start, end),
    'BEGIN:VEVENT',
    `UID:conference-${conference.id}@${UID_DOMAIN}`,
    `DTSTAMP:${stamp}`,
    ...(conference.updatedAt ? [`LAST-MODIFIED:${utcStamp(conference.updatedAt)}`] : []),
    `DTSTART;TZID=${zone}:${localStamp(zone, conference.start)}`,
    `DTEND;TZID=${zone}:${localStamp(zone, end)}`,
    `SUMMARY:${escapeText(conference.title)}`,
    `DESCRIPTION:${escapeText(`${conference.description}\n\n${conference.url}`)}`,
    ...(conference.location ? [`LOCATION:${escapeText(conference.location)}`] : []),
    `URL:${conference.url}`,
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ];
  for (const item of conference.importantDates) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:conference-${conference.id}-${item.key}@${UID_DOMAIN}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${dateValue(item.date)}`,
      `DTEND;VALUE=DATE:${dateValue(nextDay(item.date))}`,
      `SUMMARY:${escapeText(`${item.label}: ${conference.title}`)}`,
      `DESCRIPTION:${escapeText(conference.url)}`,
      `URL:${conference.url}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
