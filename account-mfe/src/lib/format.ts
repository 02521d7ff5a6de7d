import type { Locale } from '@scholars/shared-contracts';

/** 299 -> '299', 299.5 -> '299.50' (Latin digits in both languages, as UAE prices are written). */
export function formatAmount(amount: number): string {
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}

/** A calendar date in the interface language (Gregorian, Latin digits), in the UAE time zone. */
export function formatDate(iso: string | null | undefined, locale: Locale): string {
  if (!iso) return '';
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale === 'ar' ? 'ar-AE-u-nu-latn-ca-gregory' : 'en-GB', {
    dateStyle: 'medium',
    timeZone: iso.length === 10 ? 'UTC' : 'Asia/Dubai',
  }).format(date);
}

/** The Arabic or English field of a bilingual pair by locale. */
export const byLocale = (locale: Locale, arabic: string | null | undefined, english: string | null | undefined) =>
  (locale === 'ar' ? arabic || english : english || arabic) ?? '';
