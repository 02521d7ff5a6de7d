/**
 * The paywall (decisions.md "What needs an active subscription"): opening or downloading the full
 * file of a library book or a research, and posting in a research chat, need an active
 * subscription. Use it after `app.authenticate`:
 *
 *   app.get('/x/:id/file', { onRequest: [app.authenticate, app.requireActiveSubscription] }, ...)
 *
 * Without one the answer is 403 `{ status: false, err: 'subscription_required', msg }` with the
 * spec's 'You need an active subscription to view this page' in the request's language.
 * `hasActiveSubscription(db, userId)` answers the same question anywhere else (e.g. a WebSocket).
 */
import fp from 'fastify-plugin';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BILLING_ERR } from '@scholars/shared-contracts/schemas';
import type { Db } from '../../db/client';
import { subscriptions } from '../../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook (after `authenticate`): 403 `subscription_required` without an active subscription. */
    requireActiveSubscription: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
  }
}

/**
 * Whether the user has a subscription that is active now: status `active`, not ended by the
 * provider, and its paid period not over. Several active subscriptions may run side by side.
 */
export async function hasActiveSubscription(db: Db, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(activeSubscriptionWhere(userId))
    .limit(1);
  return rows.length > 0;
}

/** The SQL condition of an active subscription of `userId` (shared with the billing routes). */
export function activeSubscriptionWhere(userId: number) {
  return and(
    eq(subscriptions.userId, userId),
    eq(subscriptions.status, 'active'),
    isNull(subscriptions.endedAt),
    or(isNull(subscriptions.currentPeriodEnd), gt(subscriptions.currentPeriodEnd, sql`now()`)),
  );
}

/** The paywall's refusal: 403 `subscription_required` with the spec's message, in the request's language. */
export function refuseWithoutSubscription(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.code(403).send({ status: false, msg: request.t('validation.subscriptionRequired'), err: BILLING_ERR.subscriptionRequired });
}

type MaybeUser = { user?: { id: number } | null };

export default fp(
  async (app) => {
    app.decorate('requireActiveSubscription', async function requireActiveSubscription(request: FastifyRequest, reply: FastifyReply) {
      const user = (request as FastifyRequest & MaybeUser).user;
      if (!user) {
        return reply.code(401).send({ status: false, msg: request.t('validation.unauthorized'), err: 401 });
      }
      if (!(await hasActiveSubscription(app.db, user.id))) return refuseWithoutSubscription(request, reply);
      return undefined;
    });
  },
  { name: 'paywall', dependencies: ['db', 'i18n'] },
);
