/**
 * Time zones over IANA names with the runtime's Intl data: which zone an instant is read in, and
 * the arithmetic between wall clocks and instants (a conference's agenda stores wall-clock times of
 * its zone; calendar files carry the zone's offsets). Part of the one owner of dates (./format.ts).
 */

/** The platform's zone: where its members and staff are (UAE), for instants without their own. */
export const PLATFORM_TIME_ZONE = 'Asia/Dubai';

const zones = new Map<string, boolean>();

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string | null | undefined): timeZone is string {
  if (!timeZone) return false;
  let known = zones.get(timeZone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone });
      known = true;
    } catch {
      known = false;
    }
    zones.set(timeZone, known);
  }
  return known;
}

/** The viewer's IANA zone (a browser setting; the server's own zone on the server). */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

// Numeric parts only (machine values, not a text for readers): en-US with Western digits.
const clockFormatters = new Map<string, Intl.DateTimeFormat>();

function clockFormatter(timeZone: string): Intl.DateTimeFormat {
  let format = clockFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      numberingSystem: 'latn',
      calendar: 'gregory',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    clockFormatters.set(timeZone, format);
  }
  return format;
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** What the clocks of `timeZone` show at `instant`. */
export function wallClock(timeZone: string, instant: Date): WallClock {
  const parts: Record<string, number> = {};
  for (const part of clockFormatter(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** Offset of `timeZone` from UTC at `instant`, in minutes (Asia/Dubai: 240). */
export function zoneOffsetMinutes(timeZone: string, instant: Date): number {
  const wall = wallClock(timeZone, instant);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const seconds = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((asUtc - seconds) / 60_000);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The calendar date and wall-clock time of `instant` in `timeZone`: `{ date: '2027-02-16', time: '09:00' }`. */
export function localDateTime(timeZone: string, instant: Date): { date: string; time: string } {
  const wall = wallClock(timeZone, instant);
  return { date: `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`, time: `${pad(wall.hour)}:${pad(wall.minute)}` };
}

/**
 * The instant at which the clocks of `timeZone` show `date` `time` ('2027-02-16', '09:00' or
 * '09:00:00'). In a gap (spring forward) the later offset applies; in an overlap, the earlier instant.
 */
export function zonedTimeToInstant(date: string, time: string, timeZone: string): Date {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0, second = 0] = time.split(':').map(Number);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const first = zoneOffsetMinutes(timeZone, new Date(asUtc));
  let instant = asUtc - first * 60_000;
  const corrected = zoneOffsetMinutes(timeZone, new Date(instant));
  if (corrected !== first) instant = asUtc - corrected * 60_000;
  // In an overlap the offset found first may be the later one: the clocks showed this time an
  // hour (or, in a few zones, half an hour) before too.
  for (const minutes of [60, 30]) {
    const earlier = instant - minutes * 60_000;
    if (asUtc - zoneOffsetMinutes(timeZone, new Date(earlier)) * 60_000 === earlier) return new Date(earlier);
  }
  return new Date(instant);
}

/**
 * The IANA zones a form offers (the runtime's list), the platform's first; `current` is kept when
 * the list lacks it (a zone stored before, or a runtime without the list).
 */
export function timeZoneChoices(current?: string | null): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const list = [PLATFORM_TIME_ZONE, ...zones.filter((zone) => zone !== PLATFORM_TIME_ZONE)];
  if (current && !list.includes(current)) list.push(current);
  return list;
}
