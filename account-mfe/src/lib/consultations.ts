/**
 * The consultation screens' own logic (issue 23): free slots grouped by the viewer's calendar day,
 * and the weekly availability rows checked as the API checks them (inside the day, not overlapping
 * on one weekday, at least one session long), so the form points at the row before sending.
 * Zone arithmetic is the locale owner's (`@scholars/shared-contracts/locale`).
 */
import { localDateTime } from '@scholars/shared-contracts/locale';
// The contract's row (a type only: no zod comes with it).
import type { AvailabilityRow } from '@scholars/shared-contracts/schemas';

export type { AvailabilityRow };

export interface SlotLike {
  start: string;
  end: string;
}

export interface SlotDay<S extends SlotLike = SlotLike> {
  /** The viewer's calendar date `YYYY-MM-DD` of these slots' starts. */
  date: string;
  slots: S[];
}

/** Slots (UTC instants) grouped by the calendar day their start falls on in `timeZone`, in time order. */
export function groupSlotsByDay<S extends SlotLike>(slots: readonly S[], timeZone: string): Array<SlotDay<S>> {
  const sorted = [...slots].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const days: Array<SlotDay<S>> = [];
  for (const slot of sorted) {
    const { date } = localDateTime(timeZone, new Date(slot.start));
    const last = days[days.length - 1];
    if (last && last.date === date) last.slots.push(slot);
    else days.push({ date, slots: [slot] });
  }
  return days;
}


export type AvailabilityProblem = 'required' | 'endAfterStart' | 'tooShort' | 'overlap';

// As the API's CLOCK_PATTERN: 00:00..23:59, and 24:00 (an end at midnight).
const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$|^(24):(00)$/;

/** Minutes since midnight of `HH:MM`, or null. */
export function clockMinutes(value: string): number | null {
  const match = CLOCK.exec(value);
  if (!match) return null;
  return match[3] ? 24 * 60 : Number(match[1]) * 60 + Number(match[2]);
}

/**
 * Each row's problem (null when fine): a missing time, an end not after the start, a row shorter
 * than one session, or a row overlapping an earlier row of the same weekday (ends are exclusive:
 * 09:00-10:00 and 10:00-11:00 do not overlap).
 */
export function availabilityProblems(rows: readonly AvailabilityRow[], sessionMinutes: number): Array<AvailabilityProblem | null> {
  const spans = rows.map((row) => ({ start: clockMinutes(row.start), end: clockMinutes(row.end) }));
  return rows.map((row, index) => {
    const { start, end } = spans[index]!;
    if (start === null || end === null) return 'required';
    if (end <= start) return 'endAfterStart';
    if (end - start < sessionMinutes) return 'tooShort';
    const overlaps = rows.some((other, otherIndex) => {
      if (otherIndex >= index || other.weekday !== row.weekday) return false;
      const span = spans[otherIndex]!;
      return span.start !== null && span.end !== null && span.start < end && start < span.end;
    });
    return overlaps ? 'overlap' : null;
  });
}

/** Comma-separated topics as a list (Arabic and Latin commas), trimmed, without empties or repeats. */
export function splitTags(value: string): string[] {
  return [...new Set(value.split(/[,،]/).map((tag) => tag.trim()).filter(Boolean))];
}
