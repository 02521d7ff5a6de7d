import { LOCALES, type Locale } from '@scholars/shared-contracts';

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

/** The date part, written in the locale (the UTC calendar date of the timestamp). */
export function formatDate(iso: string, locale: Locale): string {
  const date = new Date(`${datePart(iso)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return datePart(iso);
  return new Intl.DateTimeFormat(LOCALES[locale].intl, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** A chat time: the time today, else date and time (the reader's time zone). */
export function formatMessageTime(iso: string, locale: Locale, now = new Date()): string {
  const date = new Date(iso);
  const sameDay = date.toDateString() === now.toDateString();
  return new Intl.DateTimeFormat(LOCALES[locale].intl, sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
