/**
 * The console's conference form and the API's record: the form holds what its controls hold
 * (strings, a checkbox), the API takes the shared write schema's input (`conferenceWriteSchema`).
 * `valuesFromRecord` fills the form from `GET admin/conferences/{id}`, `toPayload` turns the form
 * into the body of the save, and `conferenceResolver` validates that body with the shared schema
 * (react-hook-form's zodResolver), so the form marks exactly what the API would refuse.
 */
import type { FieldErrors, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PLATFORM_TIME_ZONE, typedNumber } from '@scholars/shared-contracts/locale';
import {
  IMPORTANT_DATE_KEYS,
  addDays,
  conferenceWriteSchema,
  type AdminConference,
  type ConferenceMode,
  type ConferenceWriteInput,
  type ImportantDateKey,
} from '@scholars/shared-contracts/schemas';

export interface AgendaRowValues {
  date: string;
  start_time: string;
  end_time: string;
  title: string;
  title_en: string;
  speaker: string;
  speaker_en: string;
  location: string;
  location_en: string;
}

export interface SpeakerValues {
  name: string;
  name_en: string;
  title: string;
  title_en: string;
  bio: string;
  bio_en: string;
  image: string | null;
}

export type ImportantDateValues = Record<ImportantDateKey, string> & { paper_submission_id: string };

export interface ConferenceFormValues {
  title: string;
  title_en: string;
  description: string;
  description_en: string;
  overview: string;
  overview_en: string;
  objectives: string;
  objectives_en: string;
  excerpts: string;
  excerpts_en: string;
  /** '' for none. */
  category_id: string;
  mode: ConferenceMode;
  venue: string;
  venue_en: string;
  timezone: string;
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
  /** '' for no limit. */
  capacity: string;
  registration_open: boolean;
  image: string | null;
  /** Comma-separated. */
  keywords: string;
  agenda: AgendaRowValues[];
  speakers: SpeakerValues[];
  important_dates: ImportantDateValues;
}

export const emptyAgendaRow = (date = ''): AgendaRowValues => ({
  date,
  start_time: '09:00',
  end_time: '10:00',
  title: '',
  title_en: '',
  speaker: '',
  speaker_en: '',
  location: '',
  location_en: '',
});

export const emptySpeaker = (): SpeakerValues => ({ name: '', name_en: '', title: '', title_en: '', bio: '', bio_en: '', image: null });

const noDates = (): ImportantDateValues => ({
  ...(Object.fromEntries(IMPORTANT_DATE_KEYS.map((key) => [key, ''])) as Record<ImportantDateKey, string>),
  paper_submission_id: '',
});

/** A new conference: a month from `today`, one day, 09:00 to 17:00 in the platform's zone, on site. */
export function emptyConferenceValues(today: string): ConferenceFormValues {
  const start = addDays(today, 30);
  return {
    title: '',
    title_en: '',
    description: '',
    description_en: '',
    overview: '',
    overview_en: '',
    objectives: '',
    objectives_en: '',
    excerpts: '',
    excerpts_en: '',
    category_id: '',
    mode: 'onsite',
    venue: '',
    venue_en: '',
    timezone: PLATFORM_TIME_ZONE,
    start_date: start,
    start_time: '09:00',
    end_date: start,
    end_time: '17:00',
    capacity: '',
    registration_open: true,
    image: null,
    keywords: '',
    agenda: [],
    speakers: [],
    important_dates: noDates(),
  };
}

/** The form filled from the API's record. */
export function valuesFromRecord(record: AdminConference): ConferenceFormValues {
  return {
    title: record.title,
    title_en: record.title_en,
    description: record.description,
    description_en: record.description_en,
    overview: record.overview,
    overview_en: record.overview_en,
    objectives: record.objectives,
    objectives_en: record.objectives_en,
    excerpts: record.excerpts,
    excerpts_en: record.excerpts_en,
    category_id: record.category_id === null ? '' : String(record.category_id),
    mode: record.mode,
    venue: record.venue,
    venue_en: record.venue_en,
    timezone: record.timezone,
    start_date: record.start_date,
    start_time: record.start_time,
    end_date: record.end_date,
    end_time: record.end_time,
    capacity: record.capacity === null ? '' : String(record.capacity),
    registration_open: record.registration_open,
    image: record.image,
    keywords: record.keywords.join(', '),
    agenda: record.agenda.map((row) => ({ ...row })),
    speakers: record.speakers.map((speaker) => ({ ...speaker })),
    important_dates: {
      ...(Object.fromEntries(IMPORTANT_DATE_KEYS.map((key) => [key, record.important_dates[key] ?? ''])) as Record<ImportantDateKey, string>),
      paper_submission_id: record.important_dates.paper_submission_id ?? '',
    },
  };
}

/** Commas of both scripts (, and ،) separate keywords. */
const KEYWORD_SEPARATOR = /[,،]/;

/** The body of the save: numbers from their fields ('' is none), keywords as a list, empty dates as null. */
export function toPayload(values: ConferenceFormValues): ConferenceWriteInput {
  const capacity = values.capacity.trim();
  const dates = values.important_dates;
  return {
    ...values,
    category_id: values.category_id === '' ? null : Number(values.category_id),
    capacity: capacity === '' ? null : typedNumber(capacity),
    keywords: values.keywords
      .split(KEYWORD_SEPARATOR)
      .map((keyword) => keyword.trim())
      .filter(Boolean),
    important_dates: {
      ...(Object.fromEntries(IMPORTANT_DATE_KEYS.map((key) => [key, dates[key] || null])) as Record<ImportantDateKey, string | null>),
      paper_submission_id: dates.paper_submission_id || null,
    },
  };
}

const schemaResolver = zodResolver(conferenceWriteSchema);

/** react-hook-form's resolver: the shared write schema over {@link toPayload} of the form; the form keeps its own values. */
export const conferenceResolver: Resolver<ConferenceFormValues> = async (values, context, options) => {
  const result = await schemaResolver(toPayload(values), context, options as unknown as Parameters<typeof schemaResolver>[2]);
  const errors = result.errors as FieldErrors<ConferenceFormValues>;
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

/**
 * The name of field `path` of the form for the list of fields publishing was refused for:
 * `agenda.1.speaker` is "Session 2: Speaker". `label` names a top-level field or a row's.
 */
export function fieldLabel(path: string, label: (group: 'field' | 'agenda' | 'speaker' | 'date', name: string, index?: number) => string): string {
  const [head = '', index, name = ''] = path.split('.');
  if (head === 'agenda' && index !== undefined) return label('agenda', name, Number(index));
  if (head === 'speakers' && index !== undefined) return label('speaker', name, Number(index));
  if (head === 'important_dates') return label('date', index ?? '');
  return label('field', head);
}

/**
 * The form as the tab's draft keeps it (`useFormDraft`): the same fields, with no empty image as
 * null (a draft holds texts, numbers, checkboxes and lists and records of them): '' for none.
 */
export type ConferenceDraft = Omit<ConferenceFormValues, 'image' | 'speakers' | 'agenda' | 'important_dates'> & {
  image: string;
  agenda: Array<{ [K in keyof AgendaRowValues]: string }>;
  speakers: Array<{ [K in keyof SpeakerValues]: string }>;
  important_dates: { [K in keyof ImportantDateValues]: string };
};

export const draftOfConference = (values: ConferenceFormValues): ConferenceDraft => ({
  ...values,
  image: values.image ?? '',
  agenda: values.agenda.map((row) => ({ ...row })),
  speakers: values.speakers.map((speaker) => ({ ...speaker, image: speaker.image ?? '' })),
  important_dates: { ...values.important_dates },
});

export const conferenceOfDraft = (draft: ConferenceDraft): ConferenceFormValues => ({
  ...draft,
  image: draft.image || null,
  speakers: draft.speakers.map((speaker) => ({ ...speaker, image: speaker.image || null })),
});
