/**
 * Conferences beyond the public list of catalog.ts (issue 3): the by-category list, details,
 * registration, and conference requests with their review. The request form validates with
 * {@link conferenceRequestSchema}, the very schema the API validates `POST/PUT conference-requests`
 * with. Messages are `validation.*` keys (texts in messages.ts, en + ar).
 */
import { z } from 'zod';
import { countryCodeField, idSchema, isoDateTimeSchema, namedItemSchema, optionalText, requiredText } from './fields';
import { pageSchema, successSchema } from './envelope';
import { paginateBodySchema } from './paginate';
import { conferenceListItemSchema, conferenceModeSchema, type ConferenceMode } from './catalog';
import { EMAIL_PATTERN, requiredPhone } from './forms';
import type { ValidationMessageKey } from './messages';

// ---------------------------------------------------------------- list by category
/**
 * Sort columns of `POST conference/by-category`. `upcoming` (default): events that have not ended
 * first, soonest first, then past events, most recent first.
 */
export const CONFERENCE_BY_CATEGORY_SORT_COLUMNS = ['upcoming', 'start_date', 'title', 'title_en', 'id', 'relevance'] as const;

/**
 * `POST conference/by-category`: the spec's paginate payload `{ limit, page, col, search }` plus the
 * category (required) and an optional mode filter. Answer: `{ status, data, tot }` like paginate.
 */
export const conferenceByCategoryBodySchema = paginateBodySchema(CONFERENCE_BY_CATEGORY_SORT_COLUMNS, 'upcoming').extend({
  category_id: idSchema,
  mode: conferenceModeSchema.nullish(),
});
export type ConferenceByCategoryBody = z.input<typeof conferenceByCategoryBodySchema>;
export type ConferenceByCategorySort = (typeof CONFERENCE_BY_CATEGORY_SORT_COLUMNS)[number];

// ---------------------------------------------------------------- details
const localDateSchema = z.iso.date().describe('Calendar date YYYY-MM-DD');
const localTimeSchema = z.string().regex(/^\d{2}:\d{2}$/).describe('Wall-clock time HH:MM in the conference time zone');

export const agendaItemSchema = z.object({
  id: idSchema,
  title: z.string().describe('Arabic'),
  title_en: z.string(),
  speaker: z.string().nullable().describe('Arabic'),
  speaker_en: z.string().nullable(),
  location: z.string().nullable().describe('Arabic'),
  location_en: z.string().nullable(),
  date: localDateSchema,
  start_time: localTimeSchema,
  end_time: localTimeSchema,
  starts_at: isoDateTimeSchema.describe('The same start as an instant (for the viewer’s local time)'),
  ends_at: isoDateTimeSchema,
});
export type AgendaItem = z.infer<typeof agendaItemSchema>;

/** Agenda rows grouped by day (days and rows in time order). */
export const agendaDaySchema = z.object({ date: localDateSchema, items: z.array(agendaItemSchema) });
export type AgendaDay = z.infer<typeof agendaDaySchema>;

export const conferenceSpeakerSchema = z.object({
  id: idSchema,
  name: z.string().describe('Arabic'),
  name_en: z.string(),
  title: z.string().describe('Arabic: position, affiliation'),
  title_en: z.string(),
  bio: z.string(),
  bio_en: z.string(),
  image: z.string().nullable(),
});
export type ConferenceSpeaker = z.infer<typeof conferenceSpeakerSchema>;

export { IMPORTANT_DATE_KEYS, type ImportantDateKey } from './constants';
export const importantDatesSchema = z.object({
  paper_submission_deadline: localDateSchema.nullable(),
  notification_of_acceptance: localDateSchema.nullable(),
  camera_ready_submission: localDateSchema.nullable(),
  start_date: localDateSchema.nullable(),
  end_date: localDateSchema.nullable(),
  abstract_deadline: localDateSchema.nullable(),
  full_paper_deadline: localDateSchema.nullable(),
  early_bird_deadline: localDateSchema.nullable(),
  paper_submission_id: z.string().nullable().describe('Reference to quote when submitting a paper'),
});
export type ImportantDates = z.infer<typeof importantDatesSchema>;
/** A conference with none of its important dates (the console's default when none are sent). */
export const NO_IMPORTANT_DATES: Readonly<ImportantDates> = Object.freeze({
  paper_submission_deadline: null,
  notification_of_acceptance: null,
  camera_ready_submission: null,
  start_date: null,
  end_date: null,
  abstract_deadline: null,
  full_paper_deadline: null,
  early_bird_deadline: null,
  paper_submission_id: null,
});

/** `upcoming`: not started; `ongoing`: started, not ended; `ended`: its end has passed. */
export const conferencePhaseSchema = z.enum(['upcoming', 'ongoing', 'ended']);
export type ConferencePhase = z.infer<typeof conferencePhaseSchema>;

/** `GET conference/{id}` */
export const conferenceDetailsSchema = conferenceListItemSchema.extend({
  category: namedItemSchema.nullable(),
  overview: z.string().describe('Arabic'),
  overview_en: z.string(),
  objectives: z.string().describe('Arabic'),
  objectives_en: z.string(),
  phase: conferencePhaseSchema,
  registration_open: z.boolean().describe('False when the organizers closed registration, every seat is taken, or the conference has ended'),
  /** Registration is closed only because every seat is taken (a seat freed opens it again). */
  full: z.boolean().describe('Registration is closed only because every seat is taken'),
  /** Shown once the conference has ended ('coming soon' until then): null before. */
  excerpts: z.string().nullable(),
  excerpts_en: z.string().nullable(),
  agenda: z.array(agendaDaySchema),
  speakers: z.array(conferenceSpeakerSchema),
  important_dates: importantDatesSchema,
  /** For a signed-in caller: whether they are registered; null for a visitor. */
  registered: z.boolean().nullable(),
  /** The signed-in caller's place on the waiting list of a full conference (1: next); null when not on it, or a visitor. */
  waiting: z.number().int().positive().nullable(),
});
export const conferenceDetailsResponseSchema = successSchema(conferenceDetailsSchema);
export type ConferenceDetails = z.infer<typeof conferenceDetailsSchema>;

// ---------------------------------------------------------------- registration
/** Who canceled a canceled registration: its member, or the organizers (the conference archived or unpublished before it ended). */
export const REGISTRATION_CANCELERS = ['member', 'organizers'] as const;
export type RegistrationCanceledBy = (typeof REGISTRATION_CANCELERS)[number];
export const conferenceRegistrationSchema = z.object({
  id: idSchema,
  conference_id: idSchema,
  status: z.enum(['registered', 'canceled']),
  created_at: isoDateTimeSchema,
  /** Null while registered. */
  canceled_by: z.enum(REGISTRATION_CANCELERS).nullable(),
});
export type ConferenceRegistration = z.infer<typeof conferenceRegistrationSchema>;
/** `POST conference/{id}/register`: 201 `{ status: true, msg, data: registration }`; `DELETE` (cancel): 200, the same with `canceled`. */
export const conferenceRegisterResponseSchema = successSchema(conferenceRegistrationSchema);
/**
 * `POST conference/{id}/waiting-list` (201, a full conference): the caller's place (1: next; a freed
 * seat goes to the one who has waited longest, registered and e-mailed); `DELETE` (200): null.
 */
export const conferenceWaitingListResponseSchema = successSchema(z.object({ place: z.number().int().positive().nullable() }));
/**
 * `GET conference-registrations/mine`: every registration of the caller, newest first, canceled
 * ones included (the member's record), also of conferences no longer on the public site;
 * `conference_public`: the conference's page is public (published), so the row can link to it.
 */
export const myRegistrationSchema = conferenceRegistrationSchema.extend({
  conference: conferenceListItemSchema,
  conference_public: z.boolean(),
  /** Marked as present by the organizers: the certificate of attendance can be downloaded (`GET conference-registrations/{id}/certificate`). */
  attended: z.boolean(),
});
export const myRegistrationsResponseSchema = successSchema(z.array(myRegistrationSchema));
export type MyRegistration = z.infer<typeof myRegistrationSchema>;
/** `GET conference-waiting-lists/mine`: the caller's places on waiting lists, the longest waited first. */
export const myWaitingPlaceSchema = z.object({
  conference_id: idSchema,
  /** 1: the next seat freed is theirs. */
  place: z.number().int().positive(),
  joined_at: isoDateTimeSchema,
  conference: conferenceListItemSchema,
  conference_public: z.boolean(),
});
export const myWaitingPlacesResponseSchema = successSchema(z.array(myWaitingPlaceSchema));
export type MyWaitingPlace = z.infer<typeof myWaitingPlaceSchema>;

// ---------------------------------------------------------------- conference requests
export const ACADEMIC_LEVELS = ['master', 'phd', 'postdoc'] as const;
export const academicLevelSchema = z.enum(ACADEMIC_LEVELS);
export type AcademicLevel = z.infer<typeof academicLevelSchema>;
/** Main language of a proposed conference. */
export const CONFERENCE_LANGUAGES = ['ar', 'en', 'ar_en'] as const;
export const LOCATION_TYPES = ['online', 'onsite', 'hybrid'] as const satisfies readonly ConferenceMode[];
export const CONFERENCE_REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'changes_requested'] as const;
export const conferenceRequestStatusSchema = z.enum(CONFERENCE_REQUEST_STATUSES);
export type ConferenceRequestStatus = z.infer<typeof conferenceRequestStatusSchema>;
export const CONFERENCE_DURATION_MAX = 365;
/**
 * Days within which the platform's team decides a conference request (decisions.md, E-mail): the
 * receipt e-mailed on submission gives the date (created + these days).
 */
export const CONFERENCE_REQUEST_REVIEW_DAYS = 14;

/**
 * Free webmail providers: a university e-mail is an institution's address (decisions in
 * conferences-mfe/README.md), so these are refused with 'Please use your university email'.
 */
export const PERSONAL_EMAIL_DOMAINS = [
  'gmail.com', 'googlemail.com', 'yahoo.com', 'ymail.com', 'hotmail.com', 'outlook.com', 'live.com', 'msn.com',
  'icloud.com', 'me.com', 'mac.com', 'aol.com', 'proton.me', 'protonmail.com', 'gmx.com', 'gmx.net', 'mail.com',
  'yandex.com', 'yandex.ru', 'mail.ru', 'zoho.com', 'qq.com', '163.com', 'hotmail.co.uk', 'yahoo.co.uk',
] as const;
const PERSONAL_DOMAIN_SET = new Set<string>(PERSONAL_EMAIL_DOMAINS);

/** True when `email` is at a free webmail provider (or one of its regional domains: yahoo.fr, hotmail.ae...). */
export function isPersonalEmail(email: string): boolean {
  const domain = email.trim().toLowerCase().split('@')[1] ?? '';
  if (PERSONAL_DOMAIN_SET.has(domain)) return true;
  return /^(?:yahoo|hotmail|outlook|live|gmail)\.[a-z.]{2,6}$/.test(domain);
}

/** Today's calendar date in UTC, `YYYY-MM-DD` (a proposed date must come after it). */
export const todayIsoDate = (now: Date = new Date()) => now.toISOString().slice(0, 10);

/** 'YYYY-MM-DD' that is a real calendar date. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The last day of a conference starting on `start` and lasting `days` days. */
export function addDays(start: string, days: number): string {
  const date = new Date(`${start}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A required choice: missing or empty gives `requiredKey`, another value `validation.invalidOption`. */
function requiredChoice<const T extends readonly [string, ...string[]]>(values: T, requiredKey: ValidationMessageKey) {
  return z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || (typeof issue.input === 'string' && issue.input.trim() === '')
        ? requiredKey
        : 'validation.invalidOption',
  });
}


/**
 * Spec 3 and 5: every field of a conference request is required except the supporting
 * institution and the notes. University e-mail: a valid address that is not a free webmail one.
 * Phone: an optional + and 7 to 15 digits. Proposed start date: a real date after today (UTC).
 * Duration: whole days, 1 to 365.
 */
export const conferenceRequestSchema = z.object({
  full_name: requiredText('validation.fullNameRequired', 200),
  academic_level: requiredChoice(ACADEMIC_LEVELS, 'validation.academicLevelRequired'),
  major_field: requiredText('validation.majorFieldRequired', 200),
  university: requiredText('validation.universityRequired', 200),
  university_email: requiredText('validation.universityEmailRequired', 254)
    .regex(EMAIL_PATTERN, 'validation.emailInvalid')
    .refine((value) => !isPersonalEmail(value), 'validation.universityEmailPersonal'),
  phone: requiredPhone(),
  country: countryCodeField('validation.countryRequired'),
  conference_title: requiredText('validation.conferenceTitleRequired', 300),
  main_language: requiredChoice(CONFERENCE_LANGUAGES, 'validation.mainLanguageRequired'),
  supporting_institution: optionalText(200),
  proposed_start_date: requiredText('validation.proposedDateRequired', 10)
    .refine(isCalendarDate, { error: 'validation.proposedDateInvalid', abort: true })
    .refine((value) => value > todayIsoDate(), 'validation.proposedDateFuture'),
  duration_days: z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? 'validation.durationRequired' : 'validation.mustBeInteger') })
    .int('validation.mustBeInteger')
    .min(1, 'validation.durationMin')
    .max(CONFERENCE_DURATION_MAX, 'validation.durationMax'),
  location_type: requiredChoice(LOCATION_TYPES, 'validation.locationTypeRequired'),
  venue: requiredText('validation.venueRequired', 300),
  objectives: requiredText('validation.objectivesRequired', 5000),
  notes: optionalText(5000),
});
/** What the form holds and sends (optional fields may be '' or missing). */
export type ConferenceRequestInput = z.input<typeof conferenceRequestSchema>;
/** What the API stores. */
export type ConferenceRequestData = z.output<typeof conferenceRequestSchema>;

/** A stored request as its owner (or an admin) sees it. */
export const conferenceRequestSchemaOut = z.object({
  id: idSchema,
  full_name: z.string(),
  academic_level: academicLevelSchema,
  major_field: z.string(),
  university: z.string(),
  university_email: z.string(),
  phone: z.string(),
  country: z.string(),
  conference_title: z.string(),
  main_language: z.string(),
  supporting_institution: z.string().nullable(),
  proposed_start_date: localDateSchema,
  proposed_end_date: localDateSchema.nullable(),
  duration_days: z.number().int(),
  location_type: conferenceModeSchema,
  venue: z.string(),
  objectives: z.string(),
  notes: z.string().nullable(),
  status: conferenceRequestStatusSchema,
  review_note: z.string().nullable().describe('The reason given with the decision'),
  reviewed_at: isoDateTimeSchema.nullable(),
  conference_id: idSchema.nullable().describe('The conference made from the approved request (its owner sees it once published)'),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
});
export type ConferenceRequest = z.infer<typeof conferenceRequestSchemaOut>;
export const conferenceRequestResponseSchema = successSchema(conferenceRequestSchemaOut);
export const conferenceRequestsResponseSchema = successSchema(z.array(conferenceRequestSchemaOut));

/**
 * `PUT conference-requests/{id}/decision` (reviewer, admin): approve (a draft conference is made
 * from the request), reject with a reason, or send it back to its owner for changes with a note.
 */
export const CONFERENCE_REQUEST_DECISIONS = ['approved', 'rejected', 'changes_requested'] as const;
export const conferenceRequestDecisionSchema = z
  .object({
    status: z.enum(CONFERENCE_REQUEST_DECISIONS, { error: 'validation.invalidOption' }),
    reason: optionalText(2000),
  })
  .refine((value) => value.status !== 'rejected' || Boolean(value.reason), {
    path: ['reason'],
    error: 'validation.decisionReasonRequired',
  })
  .refine((value) => value.status !== 'changes_requested' || Boolean(value.reason), {
    path: ['reason'],
    error: 'validation.conferenceRequestNoteRequired',
  });
export type ConferenceRequestDecision = z.input<typeof conferenceRequestDecisionSchema>;

/** `GET conference-requests?status=&q=&page=&limit=` (reviewer, admin): pending first, then oldest first. */
export const conferenceRequestsQuerySchema = z.object({
  status: conferenceRequestStatusSchema.optional(),
  q: z.string().trim().max(200, 'validation.maxLength').optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ConferenceRequestsQuery = z.input<typeof conferenceRequestsQuerySchema>;
export const conferenceRequestsPageResponseSchema = pageSchema(conferenceRequestSchemaOut);
