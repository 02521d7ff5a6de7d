/**
 * The one digit and date policy (docs/decisions.md, "Language, digits and dates"), used by the
 * browser, the server render, e-mails, receipts and calendar files alike:
 * - Western digits (0-9) in both languages, as UAE universities and government sites write them
 *   (`numberingSystem: 'latn'`), Gregorian calendar;
 * - dates through Intl with the locale list's Intl locale, in one of the named formats below;
 * - an instant is shown in the event's time zone where it has one, else the platform's
 *   ({@link PLATFORM_TIME_ZONE}); a calendar date (`YYYY-MM-DD`) is that day, with no zone shift.
 * No dependency: safe for the API and any embedding page. Nothing else formats dates or numbers
 * (the lint rule `scholars/one-locale-owner` keeps it so).
 */
import { LOCALES, type Locale } from './core';
import { PLATFORM_TIME_ZONE, isTimeZone } from './time-zones';

/**
 * The named formats (examples in English / Arabic):
 * - `date`: 16 Feb 2027 / 16 فبراير 2027
 * - `longDate`: 16 February 2027 / 16 فبراير 2027
 * - `weekdayDate`: Tuesday 16 February 2027 / الثلاثاء، 16 فبراير 2027
 * - `dateTime`: Tue, 16 Feb 2027, 09:00 / الثلاثاء، 16 فبراير 2027، 09:00
 * - `time`: 09:00 (24-hour clock in both languages)
 * - `shortMonth`: Feb 16, 2027 (spec 2's 'short month, day, year', the events carousel)
 */
export type DateFormat = 'date' | 'longDate' | 'weekdayDate' | 'dateTime' | 'time' | 'shortMonth';

const HOURS_MINUTES = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

const DATE_FORMATS: Record<DateFormat, { options: Intl.DateTimeFormatOptions; intl?: Partial<Record<Locale, string>> }> = {
  date: { options: { day: 'numeric', month: 'short', year: 'numeric' } },
  longDate: { options: { day: 'numeric', month: 'long', year: 'numeric' } },
  weekdayDate: { options: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' } },
  dateTime: { options: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', ...HOURS_MINUTES } },
  time: { options: HOURS_MINUTES },
  // Month first is the spec's order; the UAE's English (day first) would put the day first.
  shortMonth: { options: { month: 'short', day: 'numeric', year: 'numeric' }, intl: { en: 'en-US' } },
};

/** A calendar date, an ISO timestamp, a Date or epoch milliseconds. */
export type DateInput = string | Date | number;

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

// Making an Intl.DateTimeFormat costs far more than formatting with one (locale data, zone rules):
// a page formats dozens of dates with a handful of distinct formats.
const formatters = new Map<string, Intl.DateTimeFormat>();
function dateFormatter(locale: Locale, format: DateFormat, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale} ${format} ${timeZone}`;
  let made = formatters.get(key);
  if (!made) {
    const { options, intl } = DATE_FORMATS[format];
    made = new Intl.DateTimeFormat(intl?.[locale] ?? LOCALES[locale].intl, {
      ...options,
      numberingSystem: 'latn',
      calendar: 'gregory',
      timeZone,
    });
    formatters.set(key, made);
  }
  return made;
}

/** The instant of `value` and the zone it is read in, or null when it is no date. */
function resolve(value: DateInput, timeZone: string | null | undefined): { date: Date; zone: string } | null {
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) {
    const day = new Date(`${value}T00:00:00Z`);
    return Number.isNaN(day.getTime()) ? null : { date: day, zone: 'UTC' };
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return { date, zone: isTimeZone(timeZone) ? timeZone : PLATFORM_TIME_ZONE };
}

/**
 * `value` in a named format of `locale`, in `timeZone` (default the platform's; an unknown zone
 * is the platform's too). A calendar date `YYYY-MM-DD` is that day wherever it is read. Missing
 * or invalid input gives ''.
 */
export function formatDate(
  value: DateInput | null | undefined,
  locale: Locale,
  format: DateFormat = 'date',
  timeZone?: string | null,
): string {
  if (value === null || value === undefined || value === '') return '';
  const resolved = resolve(value, timeZone);
  return resolved ? dateFormatter(locale, format, resolved.zone).format(resolved.date) : '';
}

/** The parts of `value` in a named format (for calendar files and layouts that place each part). */
export function formatDateToParts(value: DateInput, locale: Locale, format: DateFormat, timeZone?: string | null): Intl.DateTimeFormatPart[] {
  const resolved = resolve(value, timeZone);
  return resolved ? dateFormatter(locale, format, resolved.zone).formatToParts(resolved.date) : [];
}

/**
 * A span of two instants: 'Tue, 16 Feb 2027, 09:00–11:30' when both fall on one day in the zone,
 * else two date-times joined by ' – '; one date-time without an end.
 */
export function formatDateRange(start: DateInput, end: DateInput | null | undefined, locale: Locale, timeZone?: string | null): string {
  const from = formatDate(start, locale, 'dateTime', timeZone);
  if (end === null || end === undefined || end === '') return from;
  if (formatDate(start, locale, 'date', timeZone) === formatDate(end, locale, 'date', timeZone)) {
    return `${from}–${formatDate(end, locale, 'time', timeZone)}`;
  }
  return `${from} – ${formatDate(end, locale, 'dateTime', timeZone)}`;
}

/**
 * A time zone's name in `locale` at `at` (standard or summer time): "Gulf Standard Time", "توقيت
 * الخليج"; the IANA name (Asia/Dubai) when the runtime knows none or the zone is unknown.
 */
export function formatTimeZone(timeZone: string, locale: Locale, at: DateInput = Date.now()): string {
  if (!isTimeZone(timeZone)) return timeZone;
  const name = new Intl.DateTimeFormat(LOCALES[locale].intl, { timeZone, timeZoneName: 'long' })
    .formatToParts(resolve(at, timeZone)?.date ?? new Date())
    .find((part) => part.type === 'timeZoneName')?.value;
  return name && !/^GMT[+-]/.test(name) ? name : timeZone;
}

const numberFormatters = new Map<string, Intl.NumberFormat>();

/** A number in `locale` with Western digits; `options` as Intl's (percent, unit, fraction digits). */
export function formatNumber(value: number, locale: Locale, options: Intl.NumberFormatOptions = {}): string {
  const key = `${locale} ${JSON.stringify(options)}`;
  let made = numberFormatters.get(key);
  if (!made) {
    made = new Intl.NumberFormat(LOCALES[locale].intl, { ...options, numberingSystem: 'latn' });
    numberFormatters.set(key, made);
  }
  return made.format(value);
}

/** Names, tags or dates in a row, with the language's comma ('A, B' / 'أ، ب'), no "and". */
export function formatList(items: readonly string[], locale: Locale): string {
  return items.join(locale === 'ar' ? '، ' : ', ');
}

/**
 * A value put into a sentence of the other language ('With {{name}}'), wrapped in Unicode's first
 * strong isolate (U+2068 ... U+2069): it keeps its own direction, and its end (a full stop, a
 * number) does not trade places with the sentence around it. Where the value is an element of its
 * own, `<bdi>` does the same.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

/** 0.42 -> '42%'. */
export function formatPercent(ratio: number, locale: Locale): string {
  return formatNumber(ratio, locale, { style: 'percent', maximumFractionDigits: 0 });
}

/**
 * A file size in the reader's language: 833 bytes, 1.5 KB, 5 MB / 833 بايت، 1.5 كيلوبايت، 5 ميغابايت.
 * Binary multiples (1 KB = 1024 bytes), one decimal above bytes. English takes the upper-case
 * abbreviations readers know (Intl's short form says "kB" and "833 byte"); Arabic takes Intl's long
 * unit names (its short megabyte is "م.ب", which few read).
 */
export function formatFileSize(bytes: number, locale: Locale): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const maximumFractionDigits = unit === 0 ? 0 : 1;
  if (locale === 'ar') return formatNumber(value, locale, { style: 'unit', unit: units[unit], unitDisplay: 'long', maximumFractionDigits });
  const number = formatNumber(value, locale, { maximumFractionDigits });
  if (unit === 0) return formatNumber(value, locale, { style: 'unit', unit: 'byte', unitDisplay: 'long' });
  return `${number} ${(['', 'KB', 'MB', 'GB'] as const)[unit]}`;
}

/** File kinds by media type, as readers name them (the same in both languages). */
const FILE_KINDS: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/msword': 'Word',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
  'application/epub+zip': 'EPUB',
  'application/zip': 'ZIP',
  'text/plain': 'TXT',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
};

/**
 * A readable file kind instead of a media type: 'application/pdf' -> 'PDF' (in Arabic
 * 'ملف PDF'), an image -> 'PNG image' / 'صورة PNG'; an unknown type is named by its subtype
 * ('application/x-foo' -> 'X-FOO'), an empty one by the file name's extension.
 */
export function formatFileKind(mime: string, locale: Locale, fileName = ''): string {
  const type = mime.split(';')[0]?.trim().toLowerCase() ?? '';
  const extension = /\.([a-z0-9]{1,8})$/i.exec(fileName)?.[1]?.toUpperCase();
  const kind = FILE_KINDS[type] ?? (type.includes('/') && type !== 'application/octet-stream' ? type.split('/')[1]!.replace(/^(x-|vnd\.)/, '').toUpperCase() : extension ?? '');
  if (!kind) return locale === 'ar' ? 'ملف' : 'File';
  if (type.startsWith('image/')) return locale === 'ar' ? `صورة ${kind}` : `${kind} image`;
  return locale === 'ar' ? `ملف ${kind}` : kind;
}

/** A price in AED as prices are written here: 299 -> '299', 299.5 -> '299.50' (the same in both languages). */
export function formatAmount(amount: number): string {
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}
