/**
 * The chat of each research of the community (issue 4): history, posting, removal, and the live
 * socket. Reading needs a signed-in user; posting also needs an active subscription
 * (decisions.md). Texts are stored and answered as plain text (`application/json`), never as
 * HTML; the client renders them as text.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_RATE_LIMIT,
  chatHistoryQuerySchema,
  chatHistoryResponseSchema,
  chatMessageParamsSchema,
  chatMessageResponseSchema,
  chatPostBodySchema,
  errorEnvelopeSchema,
  idParamsSchema,
} from '@scholars/shared-contracts/schemas';
import { AppError, notFound } from '../lib/errors';
import { cleanChatText } from '../lib/chat/text';
import { findApprovedResearch, getMessage, listMessages, postMessage, softDeleteMessage } from '../lib/chat/messages';
import { chatBucket, releaseHits, reserveHits } from '../lib/accounts/rate-limits';
import { startChatSession } from '../lib/chat/session';
import { chatSettings, slowModeBucket } from '../lib/chat/settings';
import { verifyAccessToken } from '../lib/chat/access-token';
import { errorResponses } from './schemas';
import { hasActiveSubscription, refuseWithoutSubscription } from '../plugins/app/paywall';

const authErrors = {
  401: errorEnvelopeSchema.describe('Not signed in'),
  403: errorEnvelopeSchema.describe('Not allowed'),
  404: errorEnvelopeSchema.describe('No such research (or not approved) or message'),
};

/** Reviewers and administrators moderate the chats (remove any message, no slow mode). */
export const isModerator = (user: { roles: readonly string[] }) => user.roles.some((role) => role === 'admin' || role === 'reviewer');

const chat: FastifyPluginAsyncZod = async (app) => {
  // Posting needs an active subscription, except for the research's author: the discussion is
  // about their work, and they are the one asked (decisions.md, "What needs an active subscription").
  const mayPost = async (userId: number, research: { ownerId: number } | undefined) =>
    research?.ownerId === userId || (await hasActiveSubscription(app.db, userId));
  /** onRequest, after `authenticate`: refused before the body is read, as the paywall's hook does. */
  const requirePoster = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.user) return undefined;
    // Params are not validated yet at onRequest: an id the schema refuses finds no research here.
    const params = idParamsSchema.safeParse(request.params);
    const research = params.success ? await findApprovedResearch(app.db, params.data.id) : undefined;
    return (await mayPost(request.user.id, research)) ? undefined : refuseWithoutSubscription(request, reply);
  };

  const signedInUser = (request: FastifyRequest) => {
    const user = request.user;
    if (!user) throw new AppError(401, 'validation.unauthorized');
    return user;
  };

  app.get(
    '/research-community/:id/messages',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['community'],
        summary: "A page of a research's chat, oldest first",
        description:
          'No cursor: the newest page. `before=<id>`: the page just older (paging back). `after=<id>`: the messages after it ' +
          '(catching up after a reconnect). `has_more` says whether more exist in that direction. Removed messages have `text: null`.',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        querystring: chatHistoryQuerySchema,
        response: { 200: chatHistoryResponseSchema, ...authErrors, ...errorResponses },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const { id } = request.params;
      const research = await findApprovedResearch(app.db, id);
      if (!research) throw notFound();
      const [data, canPost, settings] = await Promise.all([listMessages(app.db, id, request.query), mayPost(user.id, research), chatSettings(app.db, id)]);
      return { status: true as const, data: { ...data, can_post: canPost, settings } };
    },
  );

  app.post(
    '/research-community/:id/messages',
    {
      onRequest: [app.authenticate, requirePoster],
      schema: {
        tags: ['community'],
        summary: "Posts a message in a research's chat (active subscription, or the research's author)",
        description:
          `Body \`{ text, client_id? }\`: text of 1 to ${CHAT_MESSAGE_MAX_LENGTH} characters (plain text). A retried post with the same ` +
          '`client_id` answers the first message instead of posting twice. At most ' +
          'CHAT_RATE_LIMIT messages per window per user (429 with Retry-After and a localized message). A chat closed by a moderator ' +
          'refuses every post (403 `chatClosed` with the reason); in slow mode a member waits N seconds between two messages (429 ' +
          '`chatSlowMode` with the seconds left; reviewers and administrators are exempt).',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        body: chatPostBodySchema,
        response: {
          200: chatMessageResponseSchema.describe('Already posted (same client_id)'),
          201: chatMessageResponseSchema,
          ...authErrors,
          409: errorEnvelopeSchema.describe('client_id already used for another research'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const { id } = request.params;
      const text = cleanChatText(request.body.text);
      if (!text) throw new AppError(400, 'validation.chatMessageRequired', {}, { text: 'validation.chatMessageRequired' });
      if (text.length > CHAT_MESSAGE_MAX_LENGTH) {
        throw new AppError(400, 'validation.chatMessageTooLong', { maximum: CHAT_MESSAGE_MAX_LENGTH });
      }
      if (!(await findApprovedResearch(app.db, id))) throw notFound();
      const settings = await chatSettings(app.db, id);
      if (settings.closed) throw new AppError(403, 'validation.chatClosed', { reason: settings.closed_reason ?? '' });
      // The send rate covers every research; the post is counted before it is stored, so
      // simultaneous posts cannot all pass, and given back if nothing new was stored. Slow mode
      // (moderation) is one more rule for this chat, which staff do not follow.
      const slow = settings.slow_mode_seconds > 0 && !isModerator(user);
      const reservation = await reserveHits(app.db, [
        { bucket: chatBucket(user.id), rule: CHAT_RATE_LIMIT },
        ...(slow ? [{ bucket: slowModeBucket(id, user.id), rule: { max: 1, windowSeconds: settings.slow_mode_seconds } }] : []),
      ]);
      if (!reservation.ok) {
        reply.header('Retry-After', String(reservation.retryAfter));
        const slowWait = reservation.waits[1] ?? 0;
        if (slowWait > 0) throw new AppError(429, 'validation.chatSlowMode', { seconds: slowWait });
        throw new AppError(429, 'validation.chatRateLimited', { seconds: reservation.retryAfter });
      }
      const result = await postMessage(app.db, { researchId: id, senderId: user.id, text, clientId: request.body.client_id });
      if (!('created' in result) || !result.created) await releaseHits(app.db, reservation.ids);
      if ('conflict' in result) throw new AppError(409, 'validation.conflict');
      if (result.created) {
        await app.realtime.publish('message', result.message).catch((error: unknown) => {
          // Stored: clients that missed the live event get it when they catch up.
          request.log.error({ err: error }, 'chat message stored but not published');
        });
      }
      return reply.code(result.created ? 201 : 200).send({ status: true as const, data: result.message });
    },
  );

  app.delete(
    '/research-community/:id/messages/:messageId',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['community'],
        summary: 'Removes a chat message (its sender or an admin)',
        description: 'Soft delete: the message stays in the history as removed (`deleted: true`, `text: null`).',
        security: [{ bearerAuth: [] }],
        params: chatMessageParamsSchema,
        response: { 200: chatMessageResponseSchema, ...authErrors, ...errorResponses },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const { id, messageId } = request.params;
      const message = await getMessage(app.db, messageId);
      if (!message || message.research_id !== id) throw notFound();
      if (message.sender.id !== user.id && !isModerator(user)) throw new AppError(403, 'validation.chatDeleteForbidden');
      if (message.deleted) return { status: true as const, data: message };
      const removed = await softDeleteMessage(app.db, messageId, user.id);
      if (!removed) throw notFound();
      await app.realtime.publish('deleted', removed).catch((error: unknown) => {
        request.log.error({ err: error }, 'chat removal stored but not published');
      });
      return { status: true as const, data: removed };
    },
  );

  /** Browsers always send Origin on a WebSocket: only the site's own origins may open one. */
  const checkOrigin = async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (origin !== undefined && !app.config.CORS_ORIGINS.includes(origin)) {
      request.log.warn({ origin }, 'chat socket refused: origin not allowed');
      return reply.code(403).send({ status: false, msg: request.t('validation.forbidden'), err: 403 });
    }
    return undefined;
  };

  app.get(
    '/chat/ws',
    {
      websocket: true,
      onRequest: checkOrigin,
      schema: { hide: true },
    },
    (socket, request) => {
      startChatSession(socket, {
        hub: app.realtime.hub,
        verifyToken: (token) => verifyAccessToken(app, token),
        researchExists: async (researchId) => Boolean(await findApprovedResearch(app.db, researchId)),
        onSubscribed: (client, researchId) => void app.realtime.presence.sendTo(client, researchId),
        log: request.log,
      });
    },
  );
};
export default chat;
