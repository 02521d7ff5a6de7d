/**
 * A consultant's free slots (pure: no database, `now` given): the weekly wall-clock availability
 * of the consultant's zone, sessions back to back of `sessionMinutes` inside each row (end
 * exclusive), minus the exception dates (local dates of that zone), minus the busy sessions;
 * only slots starting at least CONSULTATION_NOTICE_HOURS after `now` and within
 * CONSULTATION_WINDOW_DAYS. A wall-clock time the zone skips (a DST gap) is no slot; one it
 * repeats (a DST overlap) is its first instant. Zone arithmetic is the locale owner's.
 */
import { localDateTime, zonedTimeToInstant } from '@scholars/shared-contracts/locale';
import { CONSULTATION_NOTICE_HOURS, CONSULTATION_WINDOW_DAYS, minutesToClock } from '@scholars/shared-contracts/schemas';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface AvailabilityRange {
  /** 0 = Sunday .. 6 = Saturday, in the consultant's zone. */
  weekday: number;
  startMinute: number;
  /** Exclusive; at most 1440. */
  endMinute: number;
}

export interface TimeRange {
  start: Date;
  end: Date;
}

export interface SlotRules {
  timeZone: string;
  sessionMinutes: number;
  availability: readonly AvailabilityRange[];
  /** `YYYY-MM-DD` dates of the consultant's zone without sessions. */
  exceptions: readonly string[];
  /** Sessions that hold their time (requested, accepted). */
  busy: readonly TimeRange[];
}

export interface SlotWindow {
  now: Date;
  /** Only slots starting in [from, to) (within the notice and window rules as well). */
  from?: Date;
  to?: Date;
}

/** The first and last start the rules allow at `now`. */
export function bookingWindow(now: Date): { earliest: Date; latest: Date } {
  return {
    earliest: new Date(now.getTime() + CONSULTATION_NOTICE_HOURS * HOUR),
    latest: new Date(now.getTime() + CONSULTATION_WINDOW_DAYS * DAY),
  };
}

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

const shows = (timeZone: string, instant: Date, date: string, clock: string) => {
  const shown = localDateTime(timeZone, instant);
  return shown.date === date && shown.time === clock;
};

/**
 * The first instant the clocks of `timeZone` show `date` `clock`: null when they skip it (spring
 * forward); the earlier one when they show it twice (fall back: zone shifts are 30 or 60 minutes).
 */
export function firstInstant(date: string, clock: string, timeZone: string): Date | null {
  const instant = zonedTimeToInstant(date, clock, timeZone);
  return shows(timeZone, instant, date, clock) ? instant : null;
}

/** The free slots, earliest first. */
export function freeSlots(rules: SlotRules, window: SlotWindow): TimeRange[] {
  const { earliest, latest } = bookingWindow(window.now);
  const from = Math.max(earliest.getTime(), window.from?.getTime() ?? -Infinity);
  const to = Math.min(latest.getTime(), window.to?.getTime() ?? Infinity);
  if (from > to || rules.availability.length === 0) return [];
  const length = rules.sessionMinutes * 60_000;
  const exceptions = new Set(rules.exceptions);
  const slots: TimeRange[] = [];
  // Every local date that can hold a slot in [from, to]: zones are at most 14 hours from UTC.
  for (let day = Date.parse(`${isoDay(from - DAY)}T00:00:00Z`); day <= to + DAY; day += DAY) {
    const date = isoDay(day);
    if (exceptions.has(date)) continue;
    const weekday = new Date(day).getUTCDay();
    for (const row of rules.availability) {
      if (row.weekday !== weekday) continue;
      for (let minute = row.startMinute; minute + rules.sessionMinutes <= row.endMinute; minute += rules.sessionMinutes) {
        const clock = minutesToClock(minute);
        const start = firstInstant(date, clock, rules.timeZone);
        if (!start) continue;
        const time = start.getTime();
        if (time < from || time > to) continue;
        const end = new Date(time + length);
        if (rules.busy.some((busy) => busy.start < end && start < busy.end)) continue;
        slots.push({ start, end });
      }
    }
  }
  slots.sort((a, b) => a.start.getTime() - b.start.getTime());
  // Two rows of one weekday never overlap (the profile's rule), but the clock's changes can make
  // slots do so: a wall clock repeated when summer time ends, and on the day it begins a slot
  // across the skipped hour ends after the next one starts. The earlier slot of an overlap is kept.
  const kept: TimeRange[] = [];
  for (const slot of slots) {
    if (kept.length === 0 || slot.start.getTime() >= kept[kept.length - 1]!.end.getTime()) kept.push(slot);
  }
  return kept;
}

/** Whether `start` is one of the free slots at `now` (a booking or a reschedule must be). */
export function isFreeSlot(rules: SlotRules, start: Date, now: Date): TimeRange | null {
  const day = new Date(start.getTime());
  return freeSlots(rules, { now, from: day, to: day }).find((slot) => slot.start.getTime() === start.getTime()) ?? null;
}
