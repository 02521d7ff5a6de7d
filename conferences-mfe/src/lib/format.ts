/**
 * Texts of the conference screens. Dates and times come from the locale owner
 * (`@scholars/shared-contracts/locale`), in the conference's own zone; the viewer's local time is
 * added when it reads differently.
 */
import { formatDate, isTimeZone, localizedField, viewerTimeZone, type Locale } from '@scholars/shared-contracts/locale';
import type { ConferenceListItem } from '@scholars/shared-contracts/schemas';

/** Spec 2 and 9: text excerpts are cut at 100 characters and end with an ellipsis. */
export const EXCERPT_LENGTH = 100;

export function excerpt(text: string, length: number = EXCERPT_LENGTH): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const characters = [...clean];
  if (characters.length <= length) return clean;
  return `${characters.slice(0, length).join('').trimEnd()}…`;
}

/**
 * True when the viewer's clock reads differently from the event's zone at these instants
 * (a viewer in Muscat sees the same times as Dubai: nothing is added).
 */
export function zonesDiffer(instants: string[], eventZone: string, viewerZone: string = viewerTimeZone()): boolean {
  if (!isTimeZone(eventZone) || eventZone === viewerZone) return false;
  return instants.some((iso) => formatDate(iso, 'en', 'dateTime', eventZone) !== formatDate(iso, 'en', 'dateTime', viewerZone));
}

/** The localized title and description of a list item (spec 2: Arabic fields in Arabic, else English). */
export function localized(item: Pick<ConferenceListItem, 'title' | 'title_en' | 'description' | 'description_en'>, locale: Locale) {
  return { title: localizedField(item, 'title', locale), description: localizedField(item, 'description', locale) };
}

/** The conference is over (its end, or its start when it has none, has passed). */
export function hasEnded(item: Pick<ConferenceListItem, 'start_date' | 'end_date'>, now: Date = new Date()): boolean {
  return new Date(item.end_date ?? item.start_date).getTime() < now.getTime();
}
