/**
 * Academic consultations (issue 23): approved consultants, their free slots, booked sessions and
 * the plan allowance. Paths relative to the API base (`/api`); the rules are in docs/decisions.md
 * ("Issue 23: consultations").
 *
 * Public: `POST consultants/paginate`, `GET consultants/{id}`, `GET consultants/{id}/slots`.
 * Members: `GET consultations/allowance`, `POST consultations/match`, `POST consultations`
 * (multipart), `POST consultations/paginate`, `GET consultations/{id}` and its actions.
 * Consultants: `GET|PUT consultant-profile`. Operators: `admin/consultants`, `admin/consultations`,
 * `admin/consultation-ratings`.
 *
 * Times are ISO instants in UTC; a consultant's availability is wall-clock time of their zone.
 */
import { z } from 'zod';
import { pageSchema, successSchema } from './envelope';
import { adminListQuerySchema, versionSchema } from './content';
import { idLikeSchema, idParamSchema, idSchema, isoDateSchema, isoDateTimeSchema, optionalText, requiredText } from './fields';
import { accountEmailSchema } from './auth';
import { searchSchema, sortOrderSchema } from './paginate';
import { PAGINATE_LIMIT_MAX, PAGINATE_PAGE_MAX } from './constants';
import { isTimeZone } from '../i18n/time-zones';

// ---------------------------------------------------------------- rules in numbers
export const CONSULTANT_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type ConsultantStatus = (typeof CONSULTANT_STATUSES)[number];
export const CONSULTATION_STATES = ['requested', 'accepted', 'declined', 'expired', 'canceled'] as const;
export type ConsultationState = (typeof CONSULTATION_STATES)[number];
export const CONSULTATION_MODES = ['online', 'onsite'] as const;
export type ConsultationMode = (typeof CONSULTATION_MODES)[number];
/** Languages a consultant consults in (and a session is held in). */
export const CONSULTATION_LANGUAGES = ['ar', 'en'] as const;
export type ConsultationLanguage = (typeof CONSULTATION_LANGUAGES)[number];
export const SESSION_MINUTES = [30, 45, 60, 90] as const;
/** The consultant answers a request within this many hours (or before the session starts). */
export const CONSULTATION_ANSWER_HOURS = 48;
/** A slot is offered from this many hours ahead; cancel and reschedule stay free until then too. */
export const CONSULTATION_NOTICE_HOURS = 24;
/** Slots are offered this many days ahead. */
export const CONSULTATION_WINDOW_DAYS = 28;
/** A rating may be changed this many days after it was given. */
export const CONSULTATION_RATING_EDIT_DAYS = 7;
export const CONSULTATION_REVIEW_MAX = 1000;
export const CONSULTATION_FILES_MAX = 5;
export const CONSULTANT_FIELDS_MAX = 10;
export const CONSULTANT_TAGS_MAX = 20;
/** Latest reviews a consultant's public page shows. */
export const CONSULTANT_PAGE_REVIEWS = 10;
/** Consultants `consultations/match` proposes. */
export const CONSULTATION_MATCH_MAX = 5;
/** The admin list's "overdue": requested sessions whose answer is due within this many hours (or past). */
export const CONSULTATION_OVERDUE_HOURS = 12;

export const consultantStatusSchema = z.enum(CONSULTANT_STATUSES, { error: 'validation.invalidOption' });
export const consultationStateSchema = z.enum(CONSULTATION_STATES, { error: 'validation.invalidOption' });
export const consultationModeSchema = z.enum(CONSULTATION_MODES, { error: 'validation.invalidOption' });
export const consultationLanguageSchema = z.enum(CONSULTATION_LANGUAGES, { error: 'validation.invalidOption' });

/** A wall-clock time `HH:MM` (00:00..24:00; 24:00 only as an end). */
export const CLOCK_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
/** `HH:MM` to minutes after midnight. */
export function clockToMinutes(clock: string): number {
  const [hours = 0, minutes = 0] = clock.split(':').map(Number);
  return hours * 60 + minutes;
}
/** Minutes after midnight to `HH:MM`. */
export function minutesToClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

// ---------------------------------------------------------------- public: consultants
export const consultationCategorySchema = z.object({ id: idSchema, name: z.string(), nameEn: z.string() });
export type ConsultationCategory = z.infer<typeof consultationCategorySchema>;

export const consultantRatingSchema = z.object({
  /** Average of the visible ratings, one decimal; null without any. */
  average: z.number().nullable(),
  count: z.number().int().nonnegative(),
});

export const consultantCardSchema = z.object({
  id: idSchema,
  name: z.string(),
  /** Public avatar path (containing `public/`), or null. */
  avatar: z.string().nullable(),
  bio: z.string().describe('Arabic bio'),
  bioEn: z.string(),
  fields: z.array(consultationCategorySchema),
  tags: z.array(z.string()),
  tagsEn: z.array(z.string()),
  languages: z.array(consultationLanguageSchema),
  timeZone: z.string(),
  sessionMinutes: z.number().int(),
  rating: consultantRatingSchema,
  /** The first free slot's start (ISO, UTC), null when none in the window. */
  nextSlot: isoDateTimeSchema.nullable(),
});
export type ConsultantCard = z.infer<typeof consultantCardSchema>;

/** `POST consultants/paginate`: Arabic-aware search over names, bios, tags and field names of both languages. */
export const consultantsPaginateBodySchema = z.object({
  limit: z.number().int().min(1).max(PAGINATE_LIMIT_MAX),
  page: z.number().int().min(1).max(PAGINATE_PAGE_MAX),
  /** Sorted by name (default) or id; `order` as every paginate call's. */
  col: z.enum(['name', 'id']).default('name'),
  order: sortOrderSchema.optional(),
  search: searchSchema,
  categoryId: idSchema.nullish(),
  language: consultationLanguageSchema.nullish(),
});
export type ConsultantsPaginateBody = z.input<typeof consultantsPaginateBodySchema>;
export const consultantsPageResponseSchema = pageSchema(consultantCardSchema);

export const consultantReviewSchema = z.object({
  rating: z.number().int().min(1).max(5),
  review: z.string().nullable(),
  /** The member's first name only. */
  memberName: z.string(),
  ratedAt: isoDateTimeSchema,
});
export type ConsultantReview = z.infer<typeof consultantReviewSchema>;

/** `GET consultants/{id}`: the card and the latest visible reviews. */
export const consultantPageSchema = consultantCardSchema.extend({ reviews: z.array(consultantReviewSchema) });
export type ConsultantPage = z.infer<typeof consultantPageSchema>;
export const consultantPageResponseSchema = successSchema(consultantPageSchema);

/** `GET consultants/{id}/slots?from=YYYY-MM-DD&days=N`: `from` (a UTC date, default today), days 1..28 (default 28). */
export const consultantSlotsQuerySchema = z.object({
  from: isoDateSchema.optional(),
  days: z.coerce.number().int().min(1).max(CONSULTATION_WINDOW_DAYS).default(CONSULTATION_WINDOW_DAYS),
});
export type ConsultantSlotsQuery = z.input<typeof consultantSlotsQuerySchema>;
export const consultationSlotSchema = z.object({ start: isoDateTimeSchema, end: isoDateTimeSchema });
export type ConsultationSlot = z.infer<typeof consultationSlotSchema>;
export const consultantSlotsSchema = z.object({ timeZone: z.string(), slots: z.array(consultationSlotSchema) });
export type ConsultantSlots = z.infer<typeof consultantSlotsSchema>;
export const consultantSlotsResponseSchema = successSchema(consultantSlotsSchema);

// ---------------------------------------------------------------- members: allowance, match, booking
/** `GET consultations/allowance`: null without an active subscription. */
export const consultationAllowanceSchema = z
  .object({
    included: z.number().int().nonnegative(),
    used: z.number().int().nonnegative(),
    remaining: z.number().int().nonnegative(),
    periodStart: isoDateTimeSchema,
    periodEnd: isoDateTimeSchema,
  })
  .nullable();
export type ConsultationAllowance = z.infer<typeof consultationAllowanceSchema>;
export const consultationAllowanceResponseSchema = successSchema(consultationAllowanceSchema);

/** `POST consultations/match`: up to 5 consultants of the field and language, soonest free first. */
export const consultationMatchBodySchema = z.object({ categoryId: idSchema, language: consultationLanguageSchema });
export type ConsultationMatchBody = z.input<typeof consultationMatchBodySchema>;
export const consultationMatchResponseSchema = successSchema(z.array(consultantCardSchema));

const startField = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() : value),
  z.iso.datetime({ offset: true, error: 'validation.consultationStartInvalid' }),
);
const reasonField = requiredText('validation.consultationReasonRequired', 1000);

/** What a session is about (booking and staff-arranged sessions): multipart fields arrive as strings. */
const sessionFields = {
  start: startField,
  topic: requiredText('validation.consultationTopicRequired', 200),
  categoryId: idLikeSchema,
  language: consultationLanguageSchema,
  mode: consultationModeSchema,
  place: optionalText(300),
  description: requiredText('validation.consultationDescriptionRequired', 5000),
};
const placeGiven = <T extends { mode: ConsultationMode; place: string | null }>(value: T) => value.mode !== 'onsite' || !!value.place;
const PLACE_ISSUE = { path: ['place'], error: 'validation.consultationPlaceRequired' as const };

/** `POST consultations` (multipart: these fields + the optional `attachment` PDF). */
export const consultationBookingFieldsSchema = z.object({ consultantId: idLikeSchema, ...sessionFields }).refine(placeGiven, PLACE_ISSUE);
export type ConsultationBookingFields = z.input<typeof consultationBookingFieldsSchema>;

/** `POST consultations/paginate`: the caller's own sessions, as member or as consultant. */
export const consultationsPaginateBodySchema = z.object({
  limit: z.number().int().min(1).max(PAGINATE_LIMIT_MAX),
  page: z.number().int().min(1).max(PAGINATE_PAGE_MAX),
  /** One order: upcoming first (soonest), then past (latest). */
  col: z.enum(['start']).default('start'),
  /** Arabic-aware, over the topic and both people's names. */
  search: searchSchema,
  as: z.enum(['member', 'consultant'], { error: 'validation.invalidOption' }),
  state: consultationStateSchema.nullish(),
});
export type ConsultationsPaginateBody = z.input<typeof consultationsPaginateBodySchema>;

export const consultationSchema = z.object({
  id: idSchema,
  state: consultationStateSchema,
  member: z.object({ id: idSchema, name: z.string() }),
  consultant: z.object({ id: idSchema, userId: idSchema, name: z.string(), timeZone: z.string() }),
  topic: z.string(),
  category: consultationCategorySchema.nullable(),
  language: consultationLanguageSchema,
  mode: consultationModeSchema,
  place: z.string().nullable(),
  description: z.string(),
  attachment: z.object({ name: z.string() }).nullable(),
  start: isoDateTimeSchema,
  end: isoDateTimeSchema,
  /** Until when the consultant may accept or decline (a requested session). */
  acceptBy: isoDateTimeSchema,
  meetingLink: z.string().nullable(),
  decisionReason: z.string().nullable(),
  /** The member's last move of the session to another time: the former start, when, and why. */
  rescheduled: z.object({ from: isoDateTimeSchema, at: isoDateTimeSchema, reason: z.string() }).nullable(),
  cancelReason: z.string().nullable(),
  canceledBy: z.enum(['member', 'consultant', 'admin']).nullable(),
  /** Whether it counts against the member's allowance. */
  counts: z.boolean(),
  rating: z.number().int().min(1).max(5).nullable(),
  review: z.string().nullable(),
  /** Set when an administrator hid the review from the public page (the participants still see it). */
  reviewHidden: z.boolean(),
  ratedAt: isoDateTimeSchema.nullable(),
  notes: z.string().nullable(),
  files: z.array(z.object({ id: idSchema, name: z.string() })),
  /** The caller may cancel now. */
  canCancel: z.boolean(),
  /** Canceling now counts against the member's allowance (the UI says so before confirming). */
  cancelCounts: z.boolean(),
  canReschedule: z.boolean(),
  canRate: z.boolean(),
  /** The caller (the consultant) may accept or decline now. */
  canAnswer: z.boolean(),
  /** The caller (the consultant) may write notes and add files now. */
  canWriteNotes: z.boolean(),
  version: z.number().int(),
  createdAt: isoDateTimeSchema,
});
export type Consultation = z.infer<typeof consultationSchema>;
export const consultationResponseSchema = successSchema(consultationSchema);
export const consultationsPageResponseSchema = pageSchema(consultationSchema);

export const consultationFileParamsSchema = z.object({ id: idParamSchema, fileId: idParamSchema });

const meetingLinkField = z
  .string({ error: 'validation.meetingLinkInvalid' })
  .trim()
  .max(500, 'validation.maxLength')
  .refine((value) => {
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }, 'validation.meetingLinkInvalid');

/** `POST consultations/{id}/accept`. */
export const consultationAcceptBodySchema = z.object({
  meetingLink: z.preprocess((value) => (value === '' ? null : value), meetingLinkField.nullish()).optional(),
});
export type ConsultationAcceptBody = z.input<typeof consultationAcceptBodySchema>;
/** `POST consultations/{id}/decline`, `.../cancel`, `admin/consultations/{id}/cancel`. */
export const consultationReasonBodySchema = z.object({ reason: reasonField });
export type ConsultationReasonBody = z.input<typeof consultationReasonBodySchema>;
/** `PUT consultations/{id}/meeting-link`. */
export const consultationMeetingLinkBodySchema = z.object({ meetingLink: meetingLinkField });
export type ConsultationMeetingLinkBody = z.input<typeof consultationMeetingLinkBodySchema>;
/** `POST consultations/{id}/reschedule`: another free slot of the same consultant. */
export const consultationRescheduleBodySchema = z.object({ start: startField, reason: reasonField });
export type ConsultationRescheduleBody = z.input<typeof consultationRescheduleBodySchema>;
/** `PUT consultations/{id}/rating`. */
export const consultationRatingBodySchema = z.object({
  rating: z.number({ error: 'validation.consultationRatingInvalid' }).int('validation.consultationRatingInvalid').min(1, 'validation.consultationRatingInvalid').max(5, 'validation.consultationRatingInvalid'),
  review: optionalText(CONSULTATION_REVIEW_MAX),
});
export type ConsultationRatingBody = z.input<typeof consultationRatingBodySchema>;
/** `PUT consultations/{id}/notes`. */
export const consultationNotesBodySchema = z.object({ notes: z.string({ error: 'validation.mustBeText' }).trim().max(10_000, 'validation.maxLength') });
export type ConsultationNotesBody = z.input<typeof consultationNotesBodySchema>;

/** `POST consultations/{id}/file-link`, `consultation-files/{id}/file-link`: a private file behind a short-lived link. */
export const consultationFileLinkSchema = z.object({
  name: z.string(),
  mime: z.string(),
  size: z.number().int().nonnegative(),
  inline: z.boolean(),
  view_url: z.string(),
  download_url: z.string(),
  expires_at: isoDateTimeSchema,
});
export const consultationFileLinkResponseSchema = successSchema(consultationFileLinkSchema);
/** `GET consultations/{id}/file?token=`, `GET consultation-files/{id}/file?token=`. */
export const consultationFileQuerySchema = z.object({ token: z.string().min(1).max(2048), download: z.enum(['0', '1']).optional() });

// ---------------------------------------------------------------- consultant self-service
export const availabilityRowSchema = z.object({
  weekday: z.number({ error: 'validation.consultantAvailabilityInvalid' }).int().min(0, 'validation.consultantAvailabilityInvalid').max(6, 'validation.consultantAvailabilityInvalid'),
  start: z.string().regex(CLOCK_PATTERN, 'validation.consultantAvailabilityInvalid'),
  end: z.string().regex(CLOCK_PATTERN, 'validation.consultantAvailabilityInvalid'),
});
export type AvailabilityRow = z.infer<typeof availabilityRowSchema>;

const tagList = z.array(z.string().trim().min(1).max(60, 'validation.maxLength')).max(CONSULTANT_TAGS_MAX, 'validation.maxItems').default([]);

/** `PUT consultant-profile`: creates a `pending` application, or updates (an approved one stays approved). */
export const consultantProfileBodySchema = z
  .object({
    bio: requiredText('validation.consultantBioRequired', 2000),
    bioEn: requiredText('validation.consultantBioRequired', 2000),
    categoryIds: z
      .array(idSchema, { error: 'validation.consultantFieldsRequired' })
      .min(1, 'validation.consultantFieldsRequired')
      .max(CONSULTANT_FIELDS_MAX, 'validation.consultantFieldsRequired')
      .transform((ids) => [...new Set(ids)]),
    tags: tagList,
    tagsEn: tagList,
    languages: z
      .array(consultationLanguageSchema, { error: 'validation.consultantLanguagesRequired' })
      .min(1, 'validation.consultantLanguagesRequired')
      .transform((languages) => [...new Set(languages)]),
    timeZone: z.string({ error: 'validation.timezoneInvalid' }).refine((zone) => isTimeZone(zone), 'validation.timezoneInvalid'),
    sessionMinutes: z.number({ error: 'validation.consultantSessionMinutesInvalid' }).refine((minutes) => (SESSION_MINUTES as readonly number[]).includes(minutes), 'validation.consultantSessionMinutesInvalid'),
    availability: z.array(availabilityRowSchema).max(50, 'validation.maxItems'),
    /** Local dates of the consultant's zone without sessions (holidays). */
    exceptions: z.array(isoDateSchema).max(200, 'validation.maxItems').transform((days) => [...new Set(days)].sort()),
    /** The version the edit started from (absent when applying). */
    version: versionSchema.optional(),
  })
  .superRefine((value, context) => {
    value.availability.forEach((row, index) => {
      if (clockToMinutes(row.end) <= clockToMinutes(row.start)) {
        context.addIssue({ code: 'custom', path: ['availability', index, 'end'], message: 'validation.consultantAvailabilityInvalid' });
      }
    });
    for (let weekday = 0; weekday < 7; weekday += 1) {
      const rows = value.availability
        .map((row, index) => ({ index, start: clockToMinutes(row.start), end: clockToMinutes(row.end), weekday: row.weekday }))
        .filter((row) => row.weekday === weekday && row.end > row.start)
        .sort((a, b) => a.start - b.start);
      for (let i = 1; i < rows.length; i += 1) {
        if (rows[i]!.start < rows[i - 1]!.end) {
          context.addIssue({ code: 'custom', path: ['availability', rows[i]!.index, 'start'], message: 'validation.consultantAvailabilityOverlap' });
        }
      }
    }
  });
export type ConsultantProfileBody = z.input<typeof consultantProfileBodySchema>;

/** `GET consultant-profile` (null: the caller never applied). */
export const consultantProfileSchema = z.object({
  id: idSchema,
  status: consultantStatusSchema,
  /** Why it was rejected or suspended. */
  statusReason: z.string().nullable(),
  bio: z.string(),
  bioEn: z.string(),
  categoryIds: z.array(idSchema),
  fields: z.array(consultationCategorySchema),
  tags: z.array(z.string()),
  tagsEn: z.array(z.string()),
  languages: z.array(consultationLanguageSchema),
  timeZone: z.string(),
  sessionMinutes: z.number().int(),
  availability: z.array(availabilityRowSchema),
  exceptions: z.array(isoDateSchema),
  version: z.number().int(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type ConsultantProfile = z.infer<typeof consultantProfileSchema>;
export const consultantProfileResponseSchema = successSchema(consultantProfileSchema.nullable());

// ---------------------------------------------------------------- operators
const adminQuery = adminListQuerySchema.omit({ q: true }).extend({ search: z.string().trim().max(200, 'validation.maxLength').optional() });
const queryBoolean = z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean()).optional();

/** `GET admin/consultants?status=&search=&page=&limit=`. */
export const adminConsultantsQuerySchema = adminQuery.extend({ status: consultantStatusSchema.optional() });
export type AdminConsultantsQuery = z.input<typeof adminConsultantsQuerySchema>;
export const adminConsultantSchema = consultantProfileSchema.extend({
  userId: idSchema,
  name: z.string(),
  email: z.string(),
  rating: consultantRatingSchema,
  /** Sessions requested or accepted, past and future. */
  sessions: z.number().int().nonnegative(),
});
export type AdminConsultant = z.infer<typeof adminConsultantSchema>;
export const adminConsultantsResponseSchema = pageSchema(adminConsultantSchema);
export const adminConsultantResponseSchema = successSchema(adminConsultantSchema);

export const CONSULTANT_ACTIONS = ['approve', 'reject', 'suspend', 'reinstate'] as const;
export type ConsultantAction = (typeof CONSULTANT_ACTIONS)[number];
/** `POST admin/consultants/{id}/decision`: a reason is required but for approve and reinstate. */
export const consultantDecisionBodySchema = z
  .object({ action: z.enum(CONSULTANT_ACTIONS, { error: 'validation.invalidOption' }), reason: optionalText(1000) })
  .refine((value) => value.action === 'approve' || value.action === 'reinstate' || !!value.reason, {
    path: ['reason'],
    error: 'validation.consultantActionReasonRequired',
  });
export type ConsultantDecisionBody = z.input<typeof consultantDecisionBodySchema>;

/** `GET admin/consultations?state=&overdue=true&search=&page=&limit=`. */
export const adminConsultationsQuerySchema = adminQuery.extend({ state: consultationStateSchema.optional(), overdue: queryBoolean });
export type AdminConsultationsQuery = z.input<typeof adminConsultationsQuerySchema>;
export const adminConsultationsResponseSchema = consultationsPageResponseSchema;

/** `POST admin/consultations`: a session the staff arranged (accepted, never counts, any time). */
export const staffConsultationBodySchema = z.object({ memberEmail: accountEmailSchema, consultantId: idSchema, ...sessionFields }).refine(placeGiven, PLACE_ISSUE);
export type StaffConsultationBody = z.input<typeof staffConsultationBodySchema>;

/** `GET admin/consultation-ratings?hidden=&page=&limit=`: newest first. */
export const adminConsultationRatingsQuerySchema = adminListQuerySchema.omit({ q: true }).extend({ hidden: queryBoolean });
export type AdminConsultationRatingsQuery = z.input<typeof adminConsultationRatingsQuerySchema>;
export const adminConsultationRatingSchema = z.object({
  consultationId: idSchema,
  rating: z.number().int().min(1).max(5),
  review: z.string().nullable(),
  hidden: z.boolean(),
  hiddenReason: z.string().nullable(),
  member: z.object({ id: idSchema, name: z.string() }),
  consultant: z.object({ id: idSchema, name: z.string() }),
  topic: z.string(),
  ratedAt: isoDateTimeSchema,
});
export type AdminConsultationRating = z.infer<typeof adminConsultationRatingSchema>;
export const adminConsultationRatingsResponseSchema = pageSchema(adminConsultationRatingSchema);

/** `POST admin/consultations/{id}/review-visibility`: hiding needs a reason. */
export const reviewVisibilityBodySchema = z
  .object({ hidden: z.boolean({ error: 'validation.mustBeBoolean' }), reason: optionalText(1000) })
  .refine((value) => !value.hidden || !!value.reason, { path: ['reason'], error: 'validation.consultationReasonRequired' });
export type ReviewVisibilityBody = z.input<typeof reviewVisibilityBodySchema>;
