/**
 * Conferences in the operator console (issue 19): what the API's `admin/conferences*` and
 * `admin/conference-categories*` routes take and answer, and what the console's forms validate
 * with (the very same schemas). Bilingual texts are pairs (`title` Arabic, `title_en` English):
 * a draft may leave either side empty; publishing (or saving a published conference) needs both
 * sides of every pair {@link conferencePublishMissing} names.
 *
 * Start and end are entered as the wall clock of the conference's time zone (a calendar date and
 * an `HH:MM` time); the API stores the instants. Agenda rows keep their wall-clock times.
 */
import { z } from 'zod';
import { CONFERENCE_MODES, IMPORTANT_DATE_KEYS } from './constants';
import { pageSchema, successSchema } from './envelope';
import { idSchema, isoDateTimeSchema, namedItemSchema, requiredText, rowOrderSchema } from './fields';
import {
  adminListQuerySchema,
  contentImagePathSchema,
  contentStatusSchema,
  draftText,
  missingRequiredTranslations,
  missingTranslations,
  versionSchema,
} from './content';
import { isCalendarDate, NO_IMPORTANT_DATES, REGISTRATION_CANCELERS } from './conferences';
import { PLATFORM_TIME_ZONE, isTimeZone } from '../i18n/time-zones';

// ---------------------------------------------------------------- pieces
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A calendar date `YYYY-MM-DD` (required). */
const dateField = z.string({ error: 'validation.dateInvalid' }).trim().refine(isCalendarDate, 'validation.dateInvalid');
/** A wall-clock time `HH:MM` (required). */
const timeField = z.string({ error: 'validation.timeInvalid' }).trim().regex(TIME_PATTERN, 'validation.timeInvalid');
/** An optional calendar date: empty or missing is null. */
const optionalDate = z
  .string({ error: 'validation.dateInvalid' })
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || isCalendarDate(value), 'validation.dateInvalid');
/** An optional one-line text: empty or missing is null. */
const optionalLine = (max: number) =>
  z
    .string({ error: 'validation.mustBeText' })
    .trim()
    .max(max, 'validation.maxLength')
    .nullish()
    .transform((value) => (value ? value : null));

const filled = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

// ---------------------------------------------------------------- the conference's write
/** One agenda row: its day and times (the conference's wall clock), its texts in both languages. */
export const agendaRowWriteSchema = z
  .object({
    date: dateField,
    start_time: timeField,
    end_time: timeField,
    title: draftText(300),
    title_en: draftText(300),
    speaker: draftText(200),
    speaker_en: draftText(200),
    location: draftText(200),
    location_en: draftText(200),
  })
  .refine((row) => filled(row.title) || filled(row.title_en), { path: ['title'], error: 'validation.oneLanguageRequired' });
export type AgendaRowWrite = z.output<typeof agendaRowWriteSchema>;

/** One speaker: name, title (position), bio in both languages, and a photo uploaded first. */
export const speakerWriteSchema = z
  .object({
    name: draftText(200),
    name_en: draftText(200),
    title: draftText(300),
    title_en: draftText(300),
    bio: draftText(5000),
    bio_en: draftText(5000),
    image: contentImagePathSchema.nullish().transform((value) => value ?? null),
  })
  .refine((row) => filled(row.name) || filled(row.name_en), { path: ['name'], error: 'validation.oneLanguageRequired' });
export type SpeakerWrite = z.output<typeof speakerWriteSchema>;

/** Spec 3's important dates (calendar dates in the conference's zone) and the paper submission id. */
export const importantDatesWriteSchema = z.object({
  ...(Object.fromEntries(IMPORTANT_DATE_KEYS.map((key) => [key, optionalDate])) as Record<(typeof IMPORTANT_DATE_KEYS)[number], typeof optionalDate>),
  paper_submission_id: optionalLine(100),
});
export type ImportantDatesWrite = z.output<typeof importantDatesWriteSchema>;

/** The fields of a conference as the console saves them (no refinements: see {@link conferenceWriteSchema}). */
const conferenceFields = {
  title: draftText(300),
  title_en: draftText(300),
  description: draftText(2000),
  description_en: draftText(2000),
  overview: draftText(20000),
  overview_en: draftText(20000),
  objectives: draftText(20000),
  objectives_en: draftText(20000),
  excerpts: draftText(20000),
  excerpts_en: draftText(20000),
  category_id: idSchema.nullish().transform((value) => value ?? null),
  mode: z.enum(CONFERENCE_MODES, { error: 'validation.invalidOption' }),
  venue: draftText(300),
  venue_en: draftText(300),
  timezone: z.string({ error: 'validation.timezoneInvalid' }).trim().refine(isTimeZone, 'validation.timezoneInvalid').default(PLATFORM_TIME_ZONE),
  start_date: dateField,
  start_time: timeField,
  end_date: dateField,
  end_time: timeField,
  /** Seats; null: no limit. */
  capacity: z.number({ error: 'validation.mustBeInteger' }).int('validation.mustBeInteger').min(1, 'validation.capacityMin').max(1_000_000, 'validation.numberOutOfRange').nullish().transform((value) => value ?? null),
  registration_open: z.boolean({ error: 'validation.mustBeBoolean' }).default(true),
  image: contentImagePathSchema.nullish().transform((value) => value ?? null),
  keywords: z.array(z.string().trim().min(1, 'validation.required').max(60, 'validation.maxLength')).max(20, 'validation.maxItems').default([]),
  agenda: z.array(agendaRowWriteSchema).max(200, 'validation.maxItems').default([]),
  speakers: z.array(speakerWriteSchema).max(100, 'validation.maxItems').default([]),
  important_dates: importantDatesWriteSchema.default(NO_IMPORTANT_DATES),
};

type ConferenceCheck = {
  title: string;
  title_en: string;
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
  agenda: ReadonlyArray<{ date: string; start_time: string; end_time: string }>;
};
/**
 * A save needs a title in one language at least, and an end that is not before the start (same
 * zone: wall clocks compare); each agenda row falls on one of the conference's days and does not
 * end before it starts (moving a conference's dates asks for its agenda to move too, instead of
 * publishing sessions on days it is not held).
 */
function checkConference(value: ConferenceCheck, ctx: z.RefinementCtx) {
  if (!filled(value.title) && !filled(value.title_en)) ctx.addIssue({ code: 'custom', path: ['title'], message: 'validation.oneLanguageRequired' });
  if (`${value.end_date}T${value.end_time}` < `${value.start_date}T${value.start_time}`) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'validation.conferenceEndBeforeStart' });
  }
  value.agenda.forEach((row, index) => {
    if (row.date < value.start_date || row.date > value.end_date) {
      ctx.addIssue({ code: 'custom', path: ['agenda', index, 'date'], message: 'validation.agendaOutsideConference' });
    }
    if (row.end_time < row.start_time) ctx.addIssue({ code: 'custom', path: ['agenda', index, 'end_time'], message: 'validation.sessionEndBeforeStart' });
  });
}

/** `POST admin/conferences` (a new draft): the whole record, agenda and speakers included. */
export const conferenceWriteSchema = z.object(conferenceFields).superRefine(checkConference);
/** What the console's form sends (before defaults). */
export type ConferenceWriteInput = z.input<typeof conferenceWriteSchema>;
/** What the API saves. */
export type ConferenceWrite = z.output<typeof conferenceWriteSchema>;

/** `PUT admin/conferences/{id}`: the whole record and the version the edit started from (agenda and speakers replaced). */
export const conferenceUpdateSchema = z.object({ ...conferenceFields, version: versionSchema }).superRefine(checkConference);
export type ConferenceUpdateInput = z.input<typeof conferenceUpdateSchema>;

/** The pairs a published conference must have in both languages. */
const REQUIRED_PAIRS = [
  ['title', 'title_en'],
  ['description', 'description_en'],
  ['overview', 'overview_en'],
  ['objectives', 'objectives_en'],
] as const;

/**
 * The fields that stop `value` from being published: each required pair (title, description,
 * overview, objectives; the venue unless online), and each optional pair given in one language
 * only (excerpts, an online venue; each agenda row's speaker and location; each speaker's name,
 * title and bio), plus every agenda row's title. Nested fields are named `agenda.0.title_en`.
 */
export function conferencePublishMissing(value: Pick<ConferenceWrite, 'mode' | 'agenda' | 'speakers'> & Record<string, unknown>): string[] {
  const missing = missingRequiredTranslations(value, REQUIRED_PAIRS);
  missing.push(...(value.mode === 'online' ? missingTranslations(value, [['venue', 'venue_en']]) : missingRequiredTranslations(value, [['venue', 'venue_en']])));
  missing.push(...missingTranslations(value, [['excerpts', 'excerpts_en']]));
  value.agenda.forEach((row, index) => {
    const prefix = `agenda.${index}.`;
    missing.push(...missingRequiredTranslations(row, [['title', 'title_en']], prefix));
    missing.push(...missingTranslations(row, [['speaker', 'speaker_en'], ['location', 'location_en']], prefix));
  });
  value.speakers.forEach((speaker, index) => {
    missing.push(...missingTranslations(speaker, [['name', 'name_en'], ['title', 'title_en'], ['bio', 'bio_en']], `speakers.${index}.`));
  });
  return missing;
}

// ---------------------------------------------------------------- the console's reads
/** `GET admin/conferences?q=&page=&limit=&status=&category_id=&sort=`: every status; newest first, or by start. */
export const ADMIN_CONFERENCE_SORTS = ['newest', 'start'] as const;
export const adminConferencesQuerySchema = adminListQuerySchema.extend({
  status: contentStatusSchema.optional(),
  category_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  sort: z.enum(ADMIN_CONFERENCE_SORTS).default('newest'),
});
export type AdminConferencesQuery = z.input<typeof adminConferencesQuerySchema>;

export const adminConferenceItemSchema = z.object({
  id: idSchema,
  title: z.string(),
  title_en: z.string(),
  status: contentStatusSchema,
  start_date: isoDateTimeSchema,
  end_date: isoDateTimeSchema.nullable(),
  timezone: z.string(),
  category: namedItemSchema.nullable(),
  /** Active registrations. */
  registrations: z.number().int().nonnegative(),
  /** Members on the waiting list (a full conference's; a freed seat goes to the one who has waited longest). */
  waiting: z.number().int().nonnegative(),
  capacity: z.number().int().nullable(),
  version: z.number().int(),
  updated_at: isoDateTimeSchema,
});
export type AdminConferenceItem = z.infer<typeof adminConferenceItemSchema>;
export const adminConferencesResponseSchema = pageSchema(adminConferenceItemSchema);

const agendaRowOut = z.object({
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  title: z.string(),
  title_en: z.string(),
  speaker: z.string(),
  speaker_en: z.string(),
  location: z.string(),
  location_en: z.string(),
});
const speakerOut = z.object({
  name: z.string(),
  name_en: z.string(),
  title: z.string(),
  title_en: z.string(),
  bio: z.string(),
  bio_en: z.string(),
  image: z.string().nullable(),
});

/** `GET admin/conferences/{id}`: the record in the shape the form saves, with its state. */
export const adminConferenceSchema = z.object({
  id: idSchema,
  status: contentStatusSchema,
  version: z.number().int(),
  title: z.string(),
  title_en: z.string(),
  description: z.string(),
  description_en: z.string(),
  overview: z.string(),
  overview_en: z.string(),
  objectives: z.string(),
  objectives_en: z.string(),
  excerpts: z.string(),
  excerpts_en: z.string(),
  category_id: idSchema.nullable(),
  mode: z.enum(CONFERENCE_MODES),
  venue: z.string(),
  venue_en: z.string(),
  timezone: z.string(),
  start_date: z.string().describe('Calendar date in the conference’s zone'),
  start_time: z.string().describe('HH:MM in the conference’s zone'),
  end_date: z.string(),
  end_time: z.string(),
  capacity: z.number().int().nullable(),
  registration_open: z.boolean(),
  image: z.string().nullable(),
  keywords: z.array(z.string()),
  agenda: z.array(agendaRowOut),
  speakers: z.array(speakerOut),
  important_dates: z.object({
    ...(Object.fromEntries(IMPORTANT_DATE_KEYS.map((key) => [key, z.string().nullable()])) as Record<(typeof IMPORTANT_DATE_KEYS)[number], z.ZodNullable<z.ZodString>>),
    paper_submission_id: z.string().nullable(),
  }),
  /** Active registrations. */
  registrations: z.number().int().nonnegative(),
  /** Members on the waiting list (a full conference's; a freed seat goes to the one who has waited longest). */
  waiting: z.number().int().nonnegative(),
  /**
   * Its end has passed (the API's clock): archiving or unpublishing it cancels no registration and
   * tells nobody, so the console does not ask (decisions.md, Conferences).
   */
  ended: z.boolean(),
  /** Its start has passed (the API's clock): attendance can be marked from then on. */
  started: z.boolean(),
  /** The conference request this conference was made from, if any. */
  request_id: idSchema.nullable(),
  first_published_at: isoDateTimeSchema.nullable(),
  updated_at: isoDateTimeSchema,
});
export type AdminConference = z.infer<typeof adminConferenceSchema>;
export const adminConferenceResponseSchema = successSchema(adminConferenceSchema);

/** At most this many characters in the organizers' optional message to the registrants of a conference they archive or unpublish. */
export const CONFERENCE_CANCEL_MESSAGE_MAX = 2000;
/**
 * `POST admin/conferences/{id}/status`. Archiving or unpublishing a conference that has not ended
 * cancels its active registrations and tells each registrant (decisions.md, Conferences): then
 * `registrants` must be the number the administrator confirmed (409
 * `validation.conferenceRegistrantsUnconfirmed` with the current number otherwise, nothing
 * changed), and `message` is the optional word to them, quoted in each e-mail as written.
 */
export const conferenceStatusBodySchema = z.object({
  status: contentStatusSchema,
  version: versionSchema,
  registrants: z.number().int().min(0).max(1_000_000).optional(),
  message: z.string().trim().max(CONFERENCE_CANCEL_MESSAGE_MAX, 'validation.maxLength').optional(),
});
export type ConferenceStatusBody = z.input<typeof conferenceStatusBodySchema>;

// ---------------------------------------------------------------- registrations
export const REGISTRATION_STATUSES = ['registered', 'canceled'] as const;
/** `GET admin/conferences/{id}/registrations?q=&page=&limit=&status=`: `q` searches name and e-mail. */
export const adminRegistrationsQuerySchema = adminListQuerySchema.extend({ status: z.enum(REGISTRATION_STATUSES).optional() });
export type AdminRegistrationsQuery = z.input<typeof adminRegistrationsQuerySchema>;

export const adminRegistrationSchema = z.object({
  id: idSchema,
  user_id: idSchema,
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  locale: z.enum(['en', 'ar']),
  status: z.enum(REGISTRATION_STATUSES),
  registered_at: isoDateTimeSchema,
  canceled_at: isoDateTimeSchema.nullable(),
  /** Null while registered. */
  canceled_by: z.enum(REGISTRATION_CANCELERS).nullable(),
  /** When the organizers marked them as present (their certificate of attendance is available); null: not marked. */
  attended_at: isoDateTimeSchema.nullable(),
});
export type AdminRegistration = z.infer<typeof adminRegistrationSchema>;
export const adminRegistrationsResponseSchema = pageSchema(adminRegistrationSchema);
/** `PUT admin/conferences/{id}/registrations/{registrationId}/attendance`: present or not (once the conference has started). */
export const attendanceBodySchema = z.object({ attended: z.boolean() });
export type AttendanceInput = z.input<typeof attendanceBodySchema>;
export const adminRegistrationResponseSchema = successSchema(adminRegistrationSchema);
/** `POST admin/conferences/{id}/attendance`: every registered member not marked yet is marked as present; how many. */
export const attendanceAllResponseSchema = successSchema(z.object({ count: z.number().int().nonnegative() }));

/** `GET admin/conferences/{id}/waiting-list`: pages of the list in its order (the first is seated first). */
export const adminWaitingListQuerySchema = adminListQuerySchema.pick({ page: true, limit: true });
export type AdminWaitingListQuery = z.input<typeof adminWaitingListQuerySchema>;
export const adminWaitingMemberSchema = z.object({
  /** 1: the next seat freed is theirs (unless suspended). */
  place: z.number().int().positive(),
  user_id: idSchema,
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  joined_at: isoDateTimeSchema,
  /** Suspended now: keeps the place, passed over while a seat is given. */
  suspended: z.boolean(),
});
export type AdminWaitingMember = z.infer<typeof adminWaitingMemberSchema>;
export const adminWaitingListResponseSchema = pageSchema(adminWaitingMemberSchema);

/** `POST admin/conferences/{id}/registrations/mail`: the same e-mail in both languages; each registrant gets their account's. */
export const registrationsMailSchema = z.object({
  subject: requiredText('validation.required', 200),
  subject_en: requiredText('validation.required', 200),
  body: requiredText('validation.required', 10000),
  body_en: requiredText('validation.required', 10000),
});
export type RegistrationsMailInput = z.input<typeof registrationsMailSchema>;
export const registrationsMailResponseSchema = successSchema(z.object({ count: z.number().int().nonnegative() }));

// ---------------------------------------------------------------- categories
/** `POST admin/conference-categories`: both names (a category is live at once), and its place in the lists. */
const categoryFields = {
  name: requiredText('validation.required', 200),
  name_en: requiredText('validation.required', 200),
  sort_order: rowOrderSchema,
};
export const conferenceCategoryWriteSchema = z.object(categoryFields);
export type ConferenceCategoryWriteInput = z.input<typeof conferenceCategoryWriteSchema>;
/** `PUT admin/conference-categories/{id}`. */
export const conferenceCategoryUpdateSchema = z.object({ ...categoryFields, version: versionSchema });

export const adminConferenceCategorySchema = namedItemSchema.extend({
  sort_order: z.number().int(),
  version: z.number().int(),
  /** Conferences in it, whatever their status (a category with any cannot be deleted). */
  conferences: z.number().int().nonnegative(),
});
export type AdminConferenceCategory = z.infer<typeof adminConferenceCategorySchema>;
export const adminConferenceCategoriesResponseSchema = pageSchema(adminConferenceCategorySchema);
export const adminConferenceCategoryResponseSchema = successSchema(adminConferenceCategorySchema);
