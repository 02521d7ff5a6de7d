/**
 * Time zones and iCalendar (RFC 5545) for conferences and consultations: one event writer.
 *
 * - Zone arithmetic (wall clocks, offsets, `zonedTimeToInstant`) is the locale owner's
 *   (`@scholars/shared-contracts/locale`).
 * - {@link timedEventLines}: a timed VEVENT in its zone (`DTSTART;TZID=<zone>`); a calendar
 *   carries the matching {@link vtimezone} (the zone's real offsets and transitions around it).
 * - {@link conferenceCalendar}: the conference as a timed event and each important date as an
 *   all-day event (METHOD:PUBLISH).
 * - {@link consultationCalendar}: a session as an invitation (METHOD:REQUEST, or CANCEL), with an
 *   organizer and attendees, a UID stable across updates and an increasing SEQUENCE (RFC 5546).
 * - {@link conferenceCancellation}: a member's registration canceled (by them or by the
 *   organizers): METHOD:CANCEL for the UID of the conference's event, with a SEQUENCE above the
 *   one of the calendar the registration mail carried.
 * - Both iTIP messages are written by one function, {@link itipCalendar}.
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

// ------------------------------------------------------------------------------------ events
export interface CalendarPerson {
  name: string;
  email: string;
}

export interface TimedEvent {
  uid: string;
  timeZone: string;
  start: Date;
  end: Date;
  /** Already localized. */
  summary: string;
  description: string;
  location?: string | null;
  url?: string;
  updatedAt?: Date;
  /** Raised on every change of an invitation (RFC 5546); absent for a published calendar. */
  sequence?: number;
  status: 'CONFIRMED' | 'CANCELLED';
  organizer?: CalendarPerson;
  attendees?: readonly CalendarPerson[];
}

const person = (prefix: string, who: CalendarPerson) => `${prefix};CN=${quotedParam(who.name)}:mailto:${who.email}`;
/** A parameter value in double quotes (RFC 5545 3.2): no double quote or control character inside. */
const quotedParam = (value: string) => `"${value.replace(/"/g, '').replace(/[\r\n\t]+/g, ' ')}"`;

/** The lines of one timed VEVENT in its zone (the calendar carries the zone's VTIMEZONE). */
export function timedEventLines(event: TimedEvent, stamp: string): string[] {
  const zone = event.timeZone;
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${stamp}`,
    ...(event.sequence !== undefined ? [`SEQUENCE:${event.sequence}`] : []),
    ...(event.updatedAt ? [`LAST-MODIFIED:${utcStamp(event.updatedAt)}`] : []),
    `DTSTART;TZID=${zone}:${localStamp(zone, event.start)}`,
    `DTEND;TZID=${zone}:${localStamp(zone, event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    ...(event.organizer ? [person('ORGANIZER', event.organizer)] : []),
    ...(event.attendees ?? []).map((attendee) => person('ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED', attendee)),
    `STATUS:${event.status}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ];
}

/** Content lines to the calendar file: folded at 75 octets, CRLF line ends. */
export function calendarText(lines: readonly string[]): string {
  return lines.map(foldLine).join(CRLF) + CRLF;
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
  /**
   * A member's copy (the registration mail's): the SEQUENCE of that member's registration, so that
   * a later cancellation (a higher one) replaces it, and the platform as its organizer (the same
   * ORGANIZER the cancellation names). The public download has neither.
   */
  sequence?: number;
  organizer?: CalendarPerson;
}

export const CALENDAR_PRODUCT_ID = '-//Scholars Hub//Conferences//EN';
const UID_DOMAIN = 'conferences.scholars-hub';
/** The UID of a conference's own event (not its deadlines'): the same in every calendar that holds it. */
export const conferenceEventUid = (id: number) => `conference-${id}@${UID_DOMAIN}`;

/** The conference's own event, as the published calendar and a cancellation both write it (one UID, one time). */
function conferenceEvent(conference: Omit<CalendarConference, 'importantDates'>) {
  return {
    uid: conferenceEventUid(conference.id),
    timeZone: conference.timezone,
    start: conference.start,
    // Missing: the event lasts one hour.
    end: conference.end ?? new Date(conference.start.getTime() + HOUR),
    summary: conference.title,
    description: `${conference.description}\n\n${conference.url}`,
    location: conference.location,
    url: conference.url,
    updatedAt: conference.updatedAt,
  };
}

/**
 * The .ics of a conference: VCALENDAR (PUBLISH) with its VTIMEZONE, the conference as a timed
 * event in its zone, and one all-day event per important date. CRLF line ends, folded at 75 octets.
 */
export function conferenceCalendar(conference: CalendarConference, now: Date = new Date()): string {
  const event = conferenceEvent(conference);
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
    ...vtimezone(zone, event.start, event.end),
    ...timedEventLines({ ...event, sequence: conference.sequence, status: 'CONFIRMED', organizer: conference.organizer }, stamp),
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
  return calendarText(lines);
}

// ------------------------------------------------------------------------------------ consultations
export const CONSULTATION_PRODUCT_ID = '-//Scholars Hub//Consultations//EN';
const CONSULTATION_UID_DOMAIN = 'consultations.scholars-hub';

export interface CalendarConsultation {
  id: number;
  /** In the consultant's zone. */
  timeZone: string;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  /** The place, or the meeting link. */
  location: string | null;
  url: string;
  sequence: number;
  consultant: CalendarPerson;
  member: CalendarPerson;
}

/**
 * One timed event as an iTIP message (RFC 5546): METHOD:REQUEST (new or changed: same UID, higher
 * SEQUENCE) or METHOD:CANCEL (STATUS:CANCELLED, a SEQUENCE above the one the calendar holds), with
 * the zone's VTIMEZONE. Calendar clients apply a CANCEL to the event they hold under that UID when
 * its SEQUENCE is not lower, and the cancel names the ORGANIZER (RFC 5546 3.2.5 requires it).
 * Consultations' invitations and cancellations and conference registrations' cancellations are all
 * written here.
 */
export function itipCalendar(
  productId: string,
  event: Omit<TimedEvent, 'status' | 'sequence' | 'organizer'> & { sequence: number; organizer: CalendarPerson },
  method: 'REQUEST' | 'CANCEL',
  now: Date = new Date(),
): string {
  return calendarText([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${productId}`,
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    ...vtimezone(event.timeZone, event.start, event.end),
    ...timedEventLines({ ...event, status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED' }, utcStamp(now)),
    'END:VCALENDAR',
  ]);
}

/**
 * The invitation of a session: METHOD:REQUEST (new or changed: same UID, higher SEQUENCE) or
 * METHOD:CANCEL (STATUS:CANCELLED), the consultant as organizer and both as attendees.
 */
export function consultationCalendar(session: CalendarConsultation, method: 'REQUEST' | 'CANCEL', now: Date = new Date()): string {
  return itipCalendar(
    CONSULTATION_PRODUCT_ID,
    {
      uid: `consultation-${session.id}@${CONSULTATION_UID_DOMAIN}`,
      timeZone: session.timeZone,
      start: session.start,
      end: session.end,
      summary: session.summary,
      description: `${session.description}\n\n${session.url}`,
      location: session.location,
      url: session.url,
      sequence: session.sequence,
      organizer: session.consultant,
      attendees: [session.consultant, session.member],
    },
    method,
    now,
  );
}

/**
 * A member's registration canceled: METHOD:CANCEL of the conference's event (its UID, in its zone)
 * with the registration's raised SEQUENCE, the platform as organizer (as in the registration mail's
 * calendar) and the member as attendee. Only the event itself: an iTIP message carries the
 * components of one UID, and the deadlines' all-day entries are the conference's public dates.
 */
export function conferenceCancellation(
  conference: Omit<CalendarConference, 'importantDates' | 'sequence' | 'organizer'> & { sequence: number; organizer: CalendarPerson; attendee: CalendarPerson },
  now: Date = new Date(),
): string {
  return itipCalendar(
    CALENDAR_PRODUCT_ID,
    { ...conferenceEvent(conference), sequence: conference.sequence, organizer: conference.organizer, attendees: [conference.attendee] },
    'CANCEL',
    now,
  );
}
