/**
 * The newsletter (issue 20): issues composed in the operator console (subject and Markdown body in
 * both languages), their send and its figures, the subscriber list, and the subscriber's own links
 * (double opt-in confirmation, one-click unsubscribe). One schema per write, used by the API route
 * and by the console's form.
 */
import { z } from 'zod';
import { okSchema, pageSchema, successSchema } from './envelope';
import { adminListQuerySchema, draftText, versionSchema } from './content';

export const NEWSLETTER_SUBJECT_MAX_LENGTH = 200;
export const NEWSLETTER_BODY_MAX_LENGTH = 20_000;

/** `draft` (edited), `sending` (batches going out), `sent` (every recipient has their mail). */
export const NEWSLETTER_ISSUE_STATUSES = ['draft', 'sending', 'sent'] as const;
export type NewsletterIssueStatus = (typeof NEWSLETTER_ISSUE_STATUSES)[number];

/** Subject and body in both languages (Arabic `subject`, English `subject_en`): a draft may leave any empty. */
export const newsletterIssueFieldsSchema = z.object({
  subject: draftText(NEWSLETTER_SUBJECT_MAX_LENGTH),
  subject_en: draftText(NEWSLETTER_SUBJECT_MAX_LENGTH),
  body: draftText(NEWSLETTER_BODY_MAX_LENGTH),
  body_en: draftText(NEWSLETTER_BODY_MAX_LENGTH),
});
export type NewsletterIssueFields = z.input<typeof newsletterIssueFieldsSchema>;

/** What a test or a send needs filled in both languages (`missingRequiredTranslations`). */
export const NEWSLETTER_TRANSLATION_PAIRS = [
  ['subject', 'subject_en'],
  ['body', 'body_en'],
] as const;

/** `POST admin/newsletter/issues`: a new draft. */
export const newsletterIssueCreateSchema = newsletterIssueFieldsSchema;
/** `PUT admin/newsletter/issues/{id}`: a draft's new texts, with the version the edit started from. */
export const newsletterIssueUpdateSchema = newsletterIssueFieldsSchema.extend({ version: versionSchema });
export type NewsletterIssueUpdate = z.input<typeof newsletterIssueUpdateSchema>;
/** `POST admin/newsletter/issues/{id}/test` and `.../send`: the version the administrator saw. */
export const newsletterIssueActionSchema = z.object({ version: versionSchema });
/** `POST admin/newsletter/preview`: the form's texts as the mails would show them (nothing saved). */
export const newsletterPreviewBodySchema = newsletterIssueFieldsSchema;

/** `GET admin/newsletter/issues?q=&status=&page=&limit=`: newest first; `q` searches both subjects. */
export const newsletterIssuesQuerySchema = adminListQuerySchema.extend({ status: z.enum(['all', ...NEWSLETTER_ISSUE_STATUSES]).default('all') });
export type NewsletterIssuesQuery = z.input<typeof newsletterIssuesQuerySchema>;

const person = z.object({ id: z.number().int(), name: z.string() });

/**
 * An issue's figures: `queued` recipients with their mail made so far (of `recipients`, the
 * confirmed subscribers when the send started), `sent` and `failed` from their mails' state,
 * `pending` still in the mail queue, `unsubscribed`: recipients who left since the send started.
 */
export const newsletterIssueStatsSchema = z.object({
  recipients: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
  unsubscribed: z.number().int(),
});
export type NewsletterIssueStats = z.infer<typeof newsletterIssueStatsSchema>;

export const newsletterIssueItemSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  subject_en: z.string(),
  status: z.enum(NEWSLETTER_ISSUE_STATUSES),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  send_started_at: z.string().nullable(),
  send_finished_at: z.string().nullable(),
  sent_by: person.nullable(),
  stats: newsletterIssueStatsSchema,
});
export type NewsletterIssueItem = z.infer<typeof newsletterIssueItemSchema>;
export const newsletterIssuesResponseSchema = pageSchema(newsletterIssueItemSchema);

export const newsletterIssueDetailsSchema = newsletterIssueItemSchema.extend({ body: z.string(), body_en: z.string() });
export type NewsletterIssueDetails = z.infer<typeof newsletterIssueDetailsSchema>;
export const newsletterIssueResponseSchema = successSchema(newsletterIssueDetailsSchema);

/** One language of an issue as its mail shows it. */
export const newsletterRenderedSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type NewsletterRendered = z.infer<typeof newsletterRenderedSchema>;
export const newsletterPreviewResponseSchema = successSchema(z.object({ ar: newsletterRenderedSchema, en: newsletterRenderedSchema }));

// ---------------------------------------------------------------- subscribers
/** `confirmed` receive issues; `unconfirmed` never opened their confirmation link; `unsubscribed` left. */
export const NEWSLETTER_SUBSCRIBER_STATES = ['all', 'confirmed', 'unconfirmed', 'unsubscribed'] as const;
export type NewsletterSubscriberState = (typeof NEWSLETTER_SUBSCRIBER_STATES)[number];

/** `GET admin/newsletter/subscribers?q=&state=&page=&limit=`: `q` searches the address. */
export const newsletterSubscribersQuerySchema = adminListQuerySchema.extend({ state: z.enum(NEWSLETTER_SUBSCRIBER_STATES).default('all') });
export type NewsletterSubscribersQuery = z.input<typeof newsletterSubscribersQuerySchema>;
/** `GET admin/newsletter/subscribers/export?q=&state=`: every match, as CSV. */
export const newsletterSubscribersExportQuerySchema = newsletterSubscribersQuerySchema.omit({ page: true, limit: true });

export const newsletterSubscriberItemSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  /** The language they subscribed in (an account's own language wins when an issue is sent). */
  locale: z.enum(['en', 'ar']),
  state: z.enum(['confirmed', 'unconfirmed', 'unsubscribed']),
  user_id: z.number().int().nullable(),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
  unsubscribed_at: z.string().nullable(),
});
export type NewsletterSubscriberItem = z.infer<typeof newsletterSubscriberItemSchema>;
export const newsletterSubscribersResponseSchema = pageSchema(newsletterSubscriberItemSchema);

// ---------------------------------------------------------------- the subscriber's links
/** A token of an e-mailed link (random, base64url). */
export const newsletterTokenSchema = z.string({ error: 'validation.newsletterLinkInvalid' }).trim().min(16, 'validation.newsletterLinkInvalid').max(128, 'validation.newsletterLinkInvalid');
/** `POST newsletter/confirm`: the confirmation link's token. */
export const newsletterConfirmBodySchema = z.object({ token: newsletterTokenSchema });
/** `GET|POST newsletter/unsubscribe?token=`: the unsubscribe link of one issue's mail (RFC 8058 one-click). */
export const newsletterUnsubscribeQuerySchema = z.object({ token: newsletterTokenSchema });
export const newsletterLinkResponseSchema = okSchema;
