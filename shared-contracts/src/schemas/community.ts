/**
 * Research community beyond the list (issue 4): research details, the research file, the chat of
 * each research (HTTP calls) and the live chat socket protocol (`GET chat/ws`, WebSocket).
 * Paths are relative to the API base (`/api`). The list itself (`POST research-community/paginate`)
 * and the categories are in catalog.ts.
 */
import { z } from 'zod';
import { idParamSchema, idSchema, isoDateTimeSchema, namedItemSchema } from './fields';
import { successSchema } from './envelope';
import { CHAT_MESSAGE_MAX_LENGTH, CHAT_PAGE_SIZE, CHAT_PAGE_SIZE_MAX, CHAT_SOCKET_PATH } from './constants';

export { CHAT_MESSAGE_MAX_LENGTH, CHAT_PAGE_SIZE, CHAT_PAGE_SIZE_MAX, CHAT_SOCKET_PATH };

// ---------------------------------------------------------------- limits
/** Per-user send rate (every API process counts the same stored messages). */
export const CHAT_RATE_LIMIT = { max: 6, windowSeconds: 10 } as const;

/** Close codes of the chat socket (4000-4999 are the application's). */
export const CHAT_CLOSE_CODES = {
  /** No valid access token (missing, invalid, expired and not renewed in time): refresh, then reconnect. */
  unauthorized: 4401,
  /** The Origin is not one of the site's. */
  forbiddenOrigin: 4403,
  /** No `auth` frame in time after connecting. */
  authTimeout: 4408,
  /** A malformed frame or a frame larger than allowed. */
  badFrame: 4400,
  /** The client did not read fast enough: its send buffer filled up (reconnect and catch up). */
  slowConsumer: 4409,
  /** Too many sockets for this user, or frames sent too fast. */
  tooMany: 4429,
  /** The server is shutting down or restarting: reconnect. */
  goingAway: 1001,
} as const;

// ---------------------------------------------------------------- details
export const researchTypeSchema = z.enum(['master', 'doctorate', 'general']);
export type ResearchType = z.infer<typeof researchTypeSchema>;

/** A person shown on a research page (author, chat member): links to /user-profile/{id}. */
export const communityPersonSchema = z.object({
  id: idSchema,
  name: z.string(),
  avatar: z.string().nullable().describe("Path containing 'public/', or null"),
});
export type CommunityPerson = z.infer<typeof communityPersonSchema>;

/** The research file as described to readers (opening it needs an active subscription). */
export const researchFileInfoSchema = z.object({
  name: z.string().describe('The original file name, used for downloads'),
  mime: z.string().describe('Media type, e.g. application/pdf'),
  size: z.number().int().nonnegative().describe('Bytes'),
});
export type ResearchFileInfo = z.infer<typeof researchFileInfoSchema>;

/** `GET research-community/{id}`: an approved research of the community. */
export const researchDetailsSchema = z.object({
  id: idSchema,
  image: z.string().nullable(),
  updated: isoDateTimeSchema,
  published_at: isoDateTimeSchema.nullable(),
  name: z.string().describe('Arabic title'),
  name_en: z.string(),
  description: z.string().describe('Arabic summary'),
  description_en: z.string(),
  abstract: z.string().describe('As written by the author, in the language of the research'),
  category_id: idSchema.nullable(),
  category: namedItemSchema.nullable(),
  other_category: z.string().nullable(),
  research_type: researchTypeSchema,
  author: communityPersonSchema,
  file: researchFileInfoSchema,
  members: z.object({
    /** The author plus everyone who has written in the chat. */
    count: z.number().int().nonnegative(),
    /** Chat participants, most recent first (at most 24), without the author. */
    participants: z.array(communityPersonSchema),
  }),
  /** Messages in the chat (removed ones included). */
  messages_count: z.number().int().nonnegative(),
});
export const researchDetailsResponseSchema = successSchema(researchDetailsSchema);
export type ResearchDetails = z.infer<typeof researchDetailsSchema>;

/**
 * `POST research-community/{id}/file-link` (active subscription): short-lived addresses of the
 * file (they carry a signed token, since a frame or a download link cannot send the bearer
 * token). `view_url` shows it inline (PDF and images only), `download_url` downloads it under
 * its real name. Both are relative to the API base (`research-community/3/file?token=...`).
 */
export const researchFileLinkSchema = researchFileInfoSchema.extend({
  view_url: z.string(),
  download_url: z.string(),
  /** The file can be shown in the page (PDF, image); otherwise only downloaded. */
  inline: z.boolean(),
  expires_at: isoDateTimeSchema,
});
export const researchFileLinkResponseSchema = successSchema(researchFileLinkSchema);
export type ResearchFileLink = z.infer<typeof researchFileLinkSchema>;

/** `GET research-community/{id}/file?token=...&download=1` query. */
export const researchFileQuerySchema = z.object({
  token: z.string().min(1).max(2048),
  download: z.enum(['0', '1']).optional(),
});

// ---------------------------------------------------------------- chat messages
/**
 * A chat message. `text` is plain text (render it as text, never as HTML); it is null once the
 * message was removed (`deleted: true`), which the client shows as 'message removed'.
 */
export const chatMessageSchema = z.object({
  id: idSchema,
  research_id: idSchema,
  sender: communityPersonSchema,
  text: z.string().nullable(),
  created_at: isoDateTimeSchema,
  deleted: z.boolean(),
  deleted_at: isoDateTimeSchema.nullable(),
  /** Who removed it: the sender or a moderator (admin). */
  deleted_by: z.enum(['sender', 'moderator']).nullable(),
  /** The client's id of the message when it sent one (matches an optimistic copy). */
  client_id: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

const pageSizeParam = z
  .string()
  .regex(/^\d{1,3}$/, 'validation.mustBeInteger')
  .transform(Number)
  .pipe(z.number().int().min(1).max(CHAT_PAGE_SIZE_MAX));

/**
 * `GET research-community/{id}/messages?before=&after=&limit=`: at most `limit` messages in
 * ascending order (newest last). Without `before`/`after`: the newest page. `before=<id>`: the
 * page just older than that message (paging back). `after=<id>`: the messages after it, oldest
 * first (catching up after a reconnect).
 */
export const chatHistoryQuerySchema = z
  .object({
    before: idParamSchema.optional(),
    after: idParamSchema.optional(),
    limit: pageSizeParam.optional(),
  })
  .refine((query) => query.before === undefined || query.after === undefined, {
    message: 'validation.invalidInput',
    path: ['after'],
  });
export type ChatHistoryQuery = z.input<typeof chatHistoryQuerySchema>;

/** The longest slow mode of a chat (seconds); 0 turns it off. */
export const CHAT_SLOW_MODE_MAX_SECONDS = 3600;

/** A research chat's moderation (issue 20): closed (read-only, with the moderator's reason), slow mode (seconds between one member's messages; 0: off). */
export const chatSettingsSchema = z.object({
  closed: z.boolean(),
  closed_reason: z.string().nullable(),
  slow_mode_seconds: z.number().int().min(0).max(CHAT_SLOW_MODE_MAX_SECONDS),
});
export type ChatSettings = z.infer<typeof chatSettingsSchema>;

export const chatHistorySchema = z.object({
  messages: z.array(chatMessageSchema),
  /** More messages exist in the direction asked (older for the newest page and `before`, newer for `after`). */
  has_more: z.boolean(),
  /** Whether the reader may post (an active subscription): the composer says so before they type. */
  can_post: z.boolean(),
  /** Closed or slow (moderation); changes arrive live as `settings` frames. */
  settings: chatSettingsSchema,
});
export const chatHistoryResponseSchema = successSchema(chatHistorySchema);
export type ChatHistory = z.infer<typeof chatHistorySchema>;

/** Client message ids: 8-64 letters, digits, `-` or `_` (a UUID fits). */
export const chatClientIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'validation.invalidFormat');

/** `POST research-community/{id}/messages` (active subscription). */
export const chatPostBodySchema = z.object({
  text: z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'validation.chatMessageRequired' : 'validation.mustBeText') })
    .trim()
    .min(1, 'validation.chatMessageRequired')
    .max(CHAT_MESSAGE_MAX_LENGTH, 'validation.chatMessageTooLong'),
  client_id: chatClientIdSchema.optional(),
});
export type ChatPostBody = z.input<typeof chatPostBodySchema>;
export const chatMessageResponseSchema = successSchema(chatMessageSchema);

/** `{ id, messageId }` path parameters of `DELETE research-community/{id}/messages/{messageId}`. */
export const chatMessageParamsSchema = z.object({ id: idParamSchema, messageId: idParamSchema });

// ---------------------------------------------------------------- chat socket protocol
/** Frames the browser sends on the chat socket (JSON text frames). */
export const chatClientFrameSchema = z.discriminatedUnion('type', [
  /** First frame after connecting, and again after every token refresh. */
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(4096) }),
  z.object({ type: z.literal('subscribe'), research_id: idSchema }),
  z.object({ type: z.literal('unsubscribe'), research_id: idSchema }),
  z.object({ type: z.literal('ping') }),
]);
export type ChatClientFrame = z.infer<typeof chatClientFrameSchema>;

/** Frames the server sends. */
export const chatServerFrameSchema = z.discriminatedUnion('type', [
  /** Authenticated (first `auth`) or re-authenticated (later `auth`); `expires_at` of the token. */
  z.object({ type: z.literal('ready'), user_id: idSchema, expires_at: isoDateTimeSchema }),
  /** The access token expires soon: send a fresh one in an `auth` frame. */
  z.object({ type: z.literal('reauth') }),
  z.object({ type: z.literal('subscribed'), research_id: idSchema }),
  z.object({ type: z.literal('unsubscribed'), research_id: idSchema }),
  /** A new message in a subscribed research. */
  z.object({ type: z.literal('message'), message: chatMessageSchema }),
  /** A message was removed (the message as it is now). */
  z.object({ type: z.literal('deleted'), message: chatMessageSchema }),
  /**
   * Who follows this research's chat now, on every API process: sent when someone comes or goes,
   * and to a socket as it subscribes. `people`: at most 50 of them; `count`: all.
   */
  z.object({
    type: z.literal('presence'),
    research_id: idSchema,
    count: z.number().int().nonnegative(),
    people: z.array(communityPersonSchema),
  }),
  /** The chat's moderation changed (closed or reopened, slow mode): show it now. */
  z.object({ type: z.literal('settings'), research_id: idSchema, settings: chatSettingsSchema }),
  /** Events may have been missed (the server lost its database notifications for a moment): fetch after the last id. */
  z.object({ type: z.literal('resync') }),
  z.object({
    type: z.literal('error'),
    code: z.enum(['unauthorized', 'not_found', 'bad_frame', 'too_many']),
    research_id: idSchema.optional(),
  }),
  z.object({ type: z.literal('pong') }),
]);
export type ChatServerFrame = z.infer<typeof chatServerFrameSchema>;
