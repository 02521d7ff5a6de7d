import { formatDate, viewerTimeZone, type Locale } from '@scholars/shared-contracts/locale';

/** Spec 2: the first 100 characters of the abstract followed by an ellipsis. */
export const EXCERPT_LENGTH = 100;

/** The first `length` characters (whole code points, no broken surrogate pair) + '…' when cut. */
export function excerpt(text: string, length = EXCERPT_LENGTH): string {
  const chars = Array.from(text.trim());
  if (chars.length <= length) return chars.join('');
  return `${chars.slice(0, length).join('').trimEnd()}…`;
}

/** The date part of an ISO timestamp (spec 2: "updated date, date part only"), e.g. 2026-10-02. */
export function datePart(iso: string): string {
  return iso.slice(0, 10);
}

/** A chat time in the reader's zone: the time for today's messages, else the date and time. */
export function formatMessageTime(iso: string, locale: Locale, now: Date = new Date(), timeZone: string = viewerTimeZone()): string {
  const sameDay = formatDate(iso, locale, 'date', timeZone) === formatDate(now, locale, 'date', timeZone);
  return formatDate(iso, locale, sameDay ? 'time' : 'dateTime', timeZone);
}
