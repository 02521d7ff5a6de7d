/**
 * "Download my data" (`GET profile/export`, decisions.md "Your data"): the JSON document a member
 * downloads from the profile's edit tab, everything the platform holds that is theirs (the right of
 * access and portability). Not enveloped: the answer is the file itself.
 *
 * Keys are English snake_case whatever the member's language; values are as stored (names and texts
 * in the language they were written in, Arabic and English variants side by side where the platform
 * keeps both); instants are ISO 8601 with an offset (UTC), calendar dates `YYYY-MM-DD`; amounts are
 * numbers in `currency`. Other people appear only as the member already sees them on the platform:
 * a name where the platform shows one (a supervisor, a signed decision), never an e-mail address.
 */
import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './fields';
import { researchStatusSchema, researchTransitionSchema } from './research';
import { researchTypeSchema } from './community';
import { invoiceStatusSchema, subscriptionStatusSchema } from './billing';
import { conferenceRequestSchemaOut, REGISTRATION_CANCELERS } from './conferences';
import { consultantStatusSchema, consultationModeSchema, consultationStateSchema } from './consultations';

/** The file's format name and version: a reader can tell what it holds, and a later shape a new version. */
export const DATA_EXPORT_FORMAT = 'scholars-hub-member-data';
export const DATA_EXPORT_VERSION = 1;

const at = isoDateTimeSchema;
const when = isoDateTimeSchema.nullable();
const text = z.string().nullable();

const fileSchema = z.object({ name: z.string(), size: z.number().int().nonnegative().describe('Bytes') });

export const dataExportAccountSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string(),
  phone: text,
  country: text.describe('ISO 3166-1 alpha-2'),
  gender: text,
  bio: text,
  picture: text.describe("The stored picture's path (the file is on the profile)"),
  language: z.string(),
  roles: z.array(z.string()).describe('Staff roles held (none: a member)'),
  newsletter: z.boolean(),
  data_access: z.boolean().describe('Others may see e-mail and phone on the public profile'),
  supervisor_name: text,
  created_at: at,
  email_verified_at: when,
  pending_email: text.describe('A new address waiting for its code'),
});

export const dataExportResearchSchema = z.object({
  id: idSchema,
  title: z.string(),
  title_en: z.string(),
  description: z.string(),
  description_en: z.string(),
  abstract: z.string(),
  research_type: researchTypeSchema,
  category: text.describe("The category's name (Arabic), or the member's own text when 'other'"),
  status: researchStatusSchema,
  file: fileSchema.describe('The PDF as uploaded: its name and size, not its content'),
  created_at: at,
  updated_at: at,
  submitted_at: at,
  published_at: when,
  history: z
    .array(researchTransitionSchema)
    .describe("Every status change as the author's page shows it: the role, and a name only when the decision was signed"),
});

export const dataExportChatMessageSchema = z.object({
  id: idSchema,
  research_id: idSchema,
  research_title: z.string(),
  research_title_en: z.string(),
  text: z.string(),
  sent_at: at,
  removed: z.boolean(),
  removed_at: when,
});

export const dataExportRegistrationSchema = z.object({
  conference_id: idSchema,
  conference_title: z.string(),
  conference_title_en: z.string(),
  conference_start: at,
  status: z.string(),
  registered_at: at,
  canceled_at: when,
  /** Who canceled it, as the member's registrations tab says ("Canceled by you" / "by the organizers"); null while registered. */
  canceled_by: z.enum(REGISTRATION_CANCELERS).nullable(),
  /** When the organizers marked the member as present (the certificate of attendance); null: not marked. */
  attended_at: when,
});

/** A place on a full conference's waiting list (a freed seat goes to the one who has waited longest). */
export const dataExportWaitingListSchema = z.object({
  conference_id: idSchema,
  conference_title: z.string(),
  conference_title_en: z.string(),
  conference_start: at,
  joined_at: at,
});

/** As the owner sees a request on the platform. */
export const dataExportConferenceRequestSchema = conferenceRequestSchemaOut;

export const dataExportSubscriptionSchema = z.object({
  id: idSchema,
  plan: z.string(),
  plan_en: z.string(),
  status: subscriptionStatusSchema,
  price: z.number(),
  currency: z.string(),
  interval: z.string(),
  provider: z.string(),
  payment_method: text,
  auto_renew: z.boolean(),
  current_period_start: when,
  current_period_end: when,
  canceled_at: when,
  ended_at: when,
  created_at: at,
});

export const dataExportInvoiceSchema = z.object({
  number: z.string().describe('INV-000042'),
  subscription_id: idSchema.nullable(),
  plan: text,
  plan_en: text,
  amount: z.number(),
  currency: z.string(),
  status: invoiceStatusSchema,
  payment_method: text,
  period_start: when,
  period_end: when,
  issued_at: at,
  canceled_at: when,
  refunded_at: when,
});

const consultationCommon = {
  id: idSchema,
  topic: z.string(),
  description: z.string(),
  language: z.string(),
  mode: consultationModeSchema,
  place: text,
  starts_at: at,
  ends_at: at,
  state: consultationStateSchema,
  meeting_link: text,
  decision_reason: text,
  rescheduled_from: when.describe("The former start of the member's last move to another time"),
  rescheduled_at: when,
  reschedule_reason: text,
  canceled_by: text,
  cancel_reason: text,
  created_at: at,
};

export const dataExportConsultationAsMemberSchema = z.object({
  ...consultationCommon,
  consultant_name: z.string().describe('As the consultations tab shows it'),
  attachment: fileSchema.nullable().describe('The PDF the member attached: name and size'),
  files_received: z.array(fileSchema.extend({ added_at: at })).describe("Files the consultant left for the member: names and sizes"),
  rating: z.number().int().nullable().describe("The member's own rating (1 to 5)"),
  review: text.describe("The member's own review"),
  rated_at: when,
});

export const dataExportConsultationAsConsultantSchema = z.object({
  ...consultationCommon,
  member_name: z.string().describe('As the consultant desk shows it'),
  notes: text.describe("The consultant's own notes"),
  files_left: z.array(fileSchema.extend({ added_at: at })),
});

export const dataExportConsultantProfileSchema = z.object({
  id: idSchema,
  status: consultantStatusSchema,
  status_reason: text,
  bio: z.string(),
  bio_en: z.string(),
  tags: z.array(z.string()),
  tags_en: z.array(z.string()),
  languages: z.array(z.string()),
  time_zone: z.string(),
  session_minutes: z.number().int(),
  created_at: at,
});

export const dataExportSupervisionSchema = z.object({
  supervisor_name: text.describe('Who supervises the member now'),
  students: z.array(z.object({ id: idSchema, name: z.string() })).describe('Members the member supervises (as "My students" shows them)'),
  invitations_sent: z
    .array(z.object({ state: z.string(), supervisor_name: text.describe('The account that answered'), created_at: at, reminded_at: when, decided_at: when }))
    .describe('The member named a supervisor (the address they typed is not repeated here)'),
  invitations_received: z.array(z.object({ student_name: z.string(), state: z.string(), created_at: at, decided_at: when })),
});

export const dataExportNewsletterSchema = z.object({
  email: z.string(),
  language: z.string(),
  subscribed_at: at,
  confirmed_at: when,
  unsubscribed_at: when,
});

export const dataExportAccountDecisionSchema = z.object({
  action: z.string().describe('grant, revoke (a role), suspend, lift, link, unlink (a supervisor), subscription.end, moderation.decide, consultant.*'),
  at,
  role: text.describe('The role granted or revoked'),
  reason: text.describe('The reason as it was given to the member (suspensions, subscriptions ended, moderation and consultant decisions); null otherwise'),
  ends_at: when.describe("A suspension's end (null: until lifted)"),
  outcome: text.describe("A moderation decision's action (remove, warn, suspend)"),
});

export const dataExportReportSchema = z.object({
  item_type: z.string(),
  item_id: z.number().int(),
  reason: z.string(),
  text,
  created_at: at,
  decided: z.boolean(),
});

export const dataExportContactMessageSchema = z.object({
  full_name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  sent_at: at,
  client_address: text.describe('The address the message came from, as stored with it'),
  browser: text.describe('The browser (user agent) it came from, as stored with it'),
  replies: z.array(z.object({ text: z.string(), sent_at: at })).describe("The staff's answers, mailed to the member"),
});

/** `GET profile/export`: the member's data as one JSON document (the downloaded file). */
export const dataExportSchema = z.object({
  format: z.literal(DATA_EXPORT_FORMAT),
  version: z.literal(DATA_EXPORT_VERSION),
  exported_at: at,
  account: dataExportAccountSchema,
  research: z.array(dataExportResearchSchema),
  chat_messages: z.array(dataExportChatMessageSchema).describe('The messages the member sent (others’ messages are not included)'),
  conference_registrations: z.array(dataExportRegistrationSchema),
  conference_waiting_lists: z.array(dataExportWaitingListSchema),
  conference_requests: z.array(dataExportConferenceRequestSchema),
  subscriptions: z.array(dataExportSubscriptionSchema),
  invoices: z.array(dataExportInvoiceSchema),
  consultations_as_member: z.array(dataExportConsultationAsMemberSchema),
  consultations_as_consultant: z.array(dataExportConsultationAsConsultantSchema),
  consultant_profile: dataExportConsultantProfileSchema.nullable(),
  supervision: dataExportSupervisionSchema,
  newsletter: dataExportNewsletterSchema.nullable().describe('The newsletter list entry of the account’s address'),
  account_decisions: z.array(dataExportAccountDecisionSchema).describe("Staff decisions on the account, from the audit log"),
  reports_filed: z.array(dataExportReportSchema),
  contact_messages: z.array(dataExportContactMessageSchema),
});
export type DataExport = z.infer<typeof dataExportSchema>;
