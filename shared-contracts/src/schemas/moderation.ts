/**
 * Reports and moderation (issue 20): members report a chat message, a published research or a
 * public profile (`POST reports`); reviewers and administrators work through the open reports
 * grouped by item (`admin/moderation`), decide once per item, and moderate each research's chat
 * (closed with a reason, slow mode) at `admin/research-chat/{id}/settings`.
 */
import { z } from 'zod';
import { successSchema, pageSchema } from './envelope';
import { adminListQuerySchema } from './content';
import { idParamSchema, idSchema, isoDateTimeSchema, localeSchema } from './fields';
import { REPORT_ITEM_TYPES, REPORT_REASONS, REPORT_TEXT_MAX_LENGTH, type ReportItemType, type ReportReason } from './report-reasons';
import { CHAT_SLOW_MODE_MAX_SECONDS, chatMessageSchema, chatSettingsSchema, communityPersonSchema } from './community';

export { REPORT_ITEM_TYPES, REPORT_REASONS, REPORT_TEXT_MAX_LENGTH, type ReportItemType, type ReportReason };
export const reportItemTypeSchema = z.enum(REPORT_ITEM_TYPES, { error: 'validation.invalidInput' });
export const reportReasonSchema = z.enum(REPORT_REASONS, { error: 'validation.reportReasonRequired' });

/** Reports one member may file per hour (every item together). */
export const REPORT_RATE_LIMIT = { max: 10, windowSeconds: 60 * 60 } as const;
/** From this many removals in 90 days the queue suggests suspending the author. */
export const SUGGEST_SUSPENSION_FROM = 3;
/** Messages shown before and after a reported chat message. */
export const MODERATION_CONTEXT_MESSAGES = 5;

/** `POST reports`. */
export const reportBodySchema = z.object({
  item_type: reportItemTypeSchema,
  item_id: idSchema,
  reason: reportReasonSchema,
  text: z
    .string({ error: 'validation.mustBeText' })
    .trim()
    .max(REPORT_TEXT_MAX_LENGTH, 'validation.maxLength')
    .optional()
    .transform((value) => (value ? value : null)),
});
export type ReportBody = z.input<typeof reportBodySchema>;
/** `already_reported`: the member's open report on this item existed; nothing was added. */
export const reportResponseSchema = successSchema(z.object({ already_reported: z.boolean() }));

// ---------------------------------------------------------------- the queue
export const moderationItemParamsSchema = z.object({ type: reportItemTypeSchema, id: idParamSchema });

/** `GET admin/moderation?page=&limit=`: items with open reports, the longest waiting first. */
export const moderationQueueQuerySchema = adminListQuerySchema.omit({ q: true });
export type ModerationQueueQuery = z.input<typeof moderationQueueQuerySchema>;

const author = communityPersonSchema.extend({
  /** Removals of the author's content in the last 90 days (research, chat messages, profile texts). */
  removals_90_days: z.number().int().nonnegative(),
  suspended: z.boolean(),
  /** The author's language: their mail is in it, so a reason template is inserted in it. */
  locale: localeSchema,
});

export const moderationQueueItemSchema = z.object({
  item_type: reportItemTypeSchema,
  item_id: idSchema,
  /** A line to recognise the item by: the message's text, the research's title, the profile's name. */
  preview: z.string(),
  /** A chat message no longer shown: deleted by its sender, or removed by a moderator (null: still shown). */
  deleted_by: z.enum(['sender', 'moderator']).nullable(),
  reports: z.number().int().positive(),
  reasons: z.array(reportReasonSchema),
  first_reported_at: isoDateTimeSchema,
  author: author.nullable(),
  suggest_suspension: z.boolean(),
});
export type ModerationQueueItem = z.infer<typeof moderationQueueItemSchema>;
export const moderationQueueResponseSchema = pageSchema(moderationQueueItemSchema);

export const moderationReportSchema = z.object({
  id: idSchema,
  reason: reportReasonSchema,
  text: z.string().nullable(),
  created_at: isoDateTimeSchema,
  reporter: z.object({ id: idSchema, name: z.string() }).nullable(),
});

const researchRef = z.object({ id: idSchema, title: z.string(), title_en: z.string() });

/** The item as the moderator judges it. */
export const moderationContextSchema = z.discriminatedUnion('item_type', [
  z.object({
    item_type: z.literal('chat_message'),
    research: researchRef,
    /** The reported message; `text` is null once removed (never served again). */
    message: chatMessageSchema,
    before: z.array(chatMessageSchema),
    after: z.array(chatMessageSchema),
    chat: chatSettingsSchema,
  }),
  z.object({
    item_type: z.literal('research'),
    research: researchRef.extend({ abstract: z.string(), description: z.string(), description_en: z.string(), status: z.string() }),
  }),
  z.object({
    item_type: z.literal('profile'),
    profile: z.object({ id: idSchema, name: z.string(), bio: z.string().nullable(), avatar: z.string().nullable() }),
  }),
]);
export type ModerationContext = z.infer<typeof moderationContextSchema>;

export const moderationItemSchema = z.object({
  item_type: reportItemTypeSchema,
  item_id: idSchema,
  reports: z.array(moderationReportSchema),
  author: author.nullable(),
  suggest_suspension: z.boolean(),
  context: moderationContextSchema,
});
export type ModerationItem = z.infer<typeof moderationItemSchema>;
export const moderationItemResponseSchema = successSchema(moderationItemSchema);

export const MODERATION_ACTIONS = ['dismiss', 'remove', 'warn', 'suspend'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const MODERATION_REASON_MAX_LENGTH = 2000;

/** `POST admin/moderation/{type}/{id}/decision`: a reason is required but to dismiss; `suspend` is an administrator's. */
export const moderationDecisionBodySchema = z
  .object({
    action: z.enum(MODERATION_ACTIONS, { error: 'validation.invalidInput' }),
    reason: z.string({ error: 'validation.mustBeText' }).trim().max(MODERATION_REASON_MAX_LENGTH, 'validation.maxLength').optional(),
    /** A suspension's end (future); none: until lifted. */
    ends_at: z.iso.datetime({ offset: true, error: 'validation.suspensionEndInvalid' }).nullish().transform((value) => value ?? null),
  })
  .superRefine((body, ctx) => {
    if (body.action !== 'dismiss' && !body.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'validation.moderationReasonRequired' });
  });
export type ModerationDecisionBody = z.input<typeof moderationDecisionBodySchema>;
export const moderationDecisionResponseSchema = successSchema(z.object({ action: z.enum(MODERATION_ACTIONS), reports_closed: z.number().int().nonnegative() }));

// ---------------------------------------------------------------- chat moderation
/** `PUT admin/research-chat/{id}/settings`: closing needs a reason; slow mode 0 (off) to 3600 seconds. */
export const chatSettingsBodySchema = z
  .object({
    closed: z.boolean({ error: 'validation.invalidInput' }),
    closed_reason: z.string({ error: 'validation.mustBeText' }).trim().max(500, 'validation.maxLength').nullish(),
    slow_mode_seconds: z
      .number({ error: 'validation.mustBeInteger' })
      .int('validation.mustBeInteger')
      .min(0, 'validation.slowModeRange')
      .max(CHAT_SLOW_MODE_MAX_SECONDS, 'validation.slowModeRange'),
  })
  .superRefine((body, ctx) => {
    if (body.closed && !body.closed_reason) ctx.addIssue({ code: 'custom', path: ['closed_reason'], message: 'validation.chatCloseReasonRequired' });
  });
export type ChatSettingsBody = z.input<typeof chatSettingsBodySchema>;
export const researchChatSettingsSchema = chatSettingsSchema.extend({ research: researchRef });
export type ResearchChatSettings = z.infer<typeof researchChatSettingsSchema>;
export const researchChatSettingsResponseSchema = successSchema(researchChatSettingsSchema);
