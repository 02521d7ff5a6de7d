/**
 * Text and time formatting of the conference screens. Times are shown in the conference's own
 * zone; the viewer's local time is added when it reads differently (issue 3).
 */
import type { ConferenceListItem } from '@scholars/shared-contracts/schemas';

/** Spec 2 and 9: text excerpts are cut at 100 characters and end with an ellipsis. */
export const EXCERPT_LENGTH = 100;

export function excerpt(text: string, length: number = EXCERPT_LENGTH): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const characters = [...clean];
  if (characters.length <= length) return clean;
  return `${characters.slice(0, length).join('').trimEnd()}…`;
}

/** Intl locale of an interface language: Arabic with Latin digits (UAE usage), English (day month year). */
export function intlLocale(locale: string): string {
  return locale === 'ar' ? 'ar-AE-u-nu-latn' : 'en-GB';
}

/** The viewer's IANA zone (browser setting). */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

const knownZones = new Map<string, boolean>();

function safeZone(timeZone: string | undefined): string | undefined {
  if (!timeZone) return undefined;
  let valid = knownZones.get(timeZone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone });
      valid = true;
    } catch {
      valid = false;
    }
    knownZones.set(timeZone, valid);
  }
  return valid ? timeZone : undefined;
}

// Making an Intl.DateTimeFormat costs far more than formatting with one (locale data, zone rules):
// a page of conferences formats dozens of dates with a handful of distinct formats (issue 6).
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, made);
  }
  return made;
}

/** '16 Feb 2027' / '16 فبراير 2027', in `timeZone`. */
export function formatDate(iso: string, locale: string, timeZone?: string): string {
  return formatter(intlLocale(locale), { day: 'numeric', month: 'short', year: 'numeric', timeZone: safeZone(timeZone) }).format(new Date(iso));
}

/** 'Tuesday 16 February 2027' for a calendar date 'YYYY-MM-DD' (no zone shift). */
export function formatCalendarDate(date: string, locale: string, withWeekday = true): string {
  return formatter(intlLocale(locale), {
    weekday: withWeekday ? 'long' : undefined,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** '09:00' (24-hour clock) in `timeZone`. */
export function formatTime(iso: string, locale: string, timeZone?: string): string {
  return formatter(intlLocale(locale), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: safeZone(timeZone) }).format(new Date(iso));
}

/** 'Tue 16 Feb 2027, 09:00' in `timeZone`. */
export function formatDateTime(iso: string, locale: string, timeZone?: string): string {
  return formatter(intlLocale(locale), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: safeZone(timeZone),
  }).format(new Date(iso));
}

/** Spec 2: the events carousel shows the start date as 'short month, day, year' in English: 'Feb 16, 2027'. */
export function formatEnglishShortDate(iso: string, timeZone?: string): string {
  return formatter('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: safeZone(timeZone) }).format(new Date(iso));
}

/** A range of instants: '09:00–09:30' when on one day in the zone, else two date-times. */
export function formatRange(startIso: string, endIso: string | null, locale: string, timeZone?: string): string {
  if (!endIso) return formatDateTime(startIso, locale, timeZone);
  const sameDay = formatDate(startIso, locale, timeZone) === formatDate(endIso, locale, timeZone);
  if (sameDay) return `${formatDateTime(startIso, locale, timeZone)}–${formatTime(endIso, locale, timeZone)}`;
  return `${formatDateTime(startIso, locale, timeZone)} – ${formatDateTime(endIso, locale, timeZone)}`;
}

/**
 * True when the viewer's clock reads differently from the event's zone at these instants
 * (a viewer in Muscat sees the same times as Dubai: nothing is added).
 */
export function zonesDiffer(instants: string[], eventZone: string, viewerZone: string = viewerTimeZone()): boolean {
  const zone = safeZone(eventZone);
  if (!zone || zone === viewerZone) return false;
  return instants.some((iso) => formatDateTime(iso, 'en', zone) !== formatDateTime(iso, 'en', viewerZone));
}

/** The localized title and description of a list item (spec 2: Arabic fields in Arabic, else English). */
export function localized(item: Pick<ConferenceListItem, 'title' | 'title_en' | 'description' | 'description_en'>, locale: string) {
  const ar = locale === 'ar';
  return {
    title: (ar ? item.title : item.title_en) || item.title_en || item.title,
    description: (ar ? item.description : item.description_en) || item.description_en || item.description,
  };
}

/** The conference is over (its end, or its start when it has none, has passed). */
export function hasEnded(item: Pick<ConferenceListItem, 'start_date' | 'end_date'>, now: Date = new Date()): boolean {
  return new Date(item.end_date ?? item.start_date).getTime() < now.getTime();
}
