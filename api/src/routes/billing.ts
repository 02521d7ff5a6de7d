/**
 * Buying a plan and the buyer's subscriptions (spec 3, 4, 7, 8; decisions.md "Payments").
 *
 * `POST stripe/create-subscription` `{ planId, userId, active }` (the spec's path, whatever the
 * provider): for the signed-in user only (`userId` must be theirs, else 403).
 * - an active subscription to the same plan: 409 `{ status: false, active: true, err:
 *   'already_subscribed', msg: 'You already have an active subscription. Please visit the
 *   dashboard to manage it.' }`;
 * - an active subscription to another plan and `active: false`: `{ status: true, active: true }`
 *   without a checkout address (the client asks for confirmation, then repeats with `active: true`);
 * - otherwise a pending subscription and a checkout session: `{ status: true, active, data: {
 *   checkout_url } }` (Stripe Checkout or the local checkout page).
 *
 * `PUT subscriptions/{id}/renewal` `{ auto_renew }`: the member turns the renewal of one of their
 * own active subscriptions off (it ends with its paid period, nothing more is charged) or back on
 * before the period ends (decisions.md "Subscriptions: renewal"). The change is made at the
 * payment provider first (Stripe's `cancel_at_period_end`; the local simulator records it as
 * asked), then stored as the provider answered it, with the member's e-mail in the same
 * transaction. Another member's subscription, or one never paid, is 404; an ended or expired one
 * 409 `subscriptionRenewalClosed`; one of a provider this site no longer uses 409
 * `subscriptionRenewalUnavailable`; the provider failing 502 (nothing changed).
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { formatDate } from '@scholars/shared-contracts/locale';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BILLING_ERR,
  createSubscriptionRequestSchema,
  createSubscriptionResponseSchema,
  errorEnvelopeSchema,
  idParamsSchema,
  subscriptionRenewalBodySchema,
  subscriptionResponseSchema,
  subscriptionsResponseSchema,
} from '@scholars/shared-contracts/schemas';
import { subscriptionPlans, subscriptions } from '../db/schema';
import { AppError, notFound } from '../lib/errors';
import { activeSubscriptionWhere } from '../plugins/app/paywall';
import { subscriptionSummary } from '../lib/payments/summary';
import { errorResponses, notFoundResponse } from './schemas';
import { LOCAL_BUYER_COOKIE, localBuyerProof, localCheckoutPagePath } from '../lib/payments/gateways';

const authErrors = {
  401: errorEnvelopeSchema.describe('Not signed in'),
  403: errorEnvelopeSchema.describe('Not allowed'),
};

type Row = typeof subscriptions.$inferSelect;

const billing: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/stripe/create-subscription',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['billing'],
        summary: 'Start buying a plan: the checkout address, or whether an active subscription exists',
        security: [{ bearerAuth: [] }],
        body: createSubscriptionRequestSchema,
        response: {
          200: createSubscriptionResponseSchema,
          ...authErrors,
          404: errorEnvelopeSchema.describe('No such plan (or not on sale)'),
          409: errorEnvelopeSchema.extend({ active: z.literal(true) }).describe('An active subscription to this plan exists'),
          502: errorEnvelopeSchema.describe('The payment provider did not answer'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const { planId, userId, active } = request.body;
      if (userId !== user.id) throw new AppError(403, 'validation.subscriptionForOtherUser');
      const [plan] = await app.db
        .select()
        .from(subscriptionPlans)
        .where(and(eq(subscriptionPlans.id, planId), eq(subscriptionPlans.active, true)));
      if (!plan) throw new AppError(404, 'validation.planUnavailable');

      const current = await app.db.select({ planId: subscriptions.planId }).from(subscriptions).where(activeSubscriptionWhere(user.id));
      if (current.some((row) => row.planId === plan.id)) {
        return reply.code(409).send({
          status: false as const,
          active: true as const,
          err: BILLING_ERR.alreadySubscribed,
          msg: request.t('validation.alreadySubscribed'),
        });
      }
      const hasActive = current.length > 0;
      if (hasActive && !active) {
        return { status: true, active: true, msg: request.t('validation.activeSubscriptionExists') };
      }

      const { gateway } = app.payments;
      const [row] = await app.db
        .insert(subscriptions)
        .values({
          userId: user.id,
          planId: plan.id,
          status: 'pending',
          price: plan.price,
          currency: plan.currency,
          interval: plan.interval,
          provider: gateway.provider,
        })
        .returning({ id: subscriptions.id });
      if (!row) throw new Error('subscription insert returned nothing');
      try {
        const session = await gateway.createCheckout({
          subscriptionId: row.id,
          user: { id: user.id, email: user.email, name: user.name },
          plan: {
            id: plan.id,
            name: plan.name,
            nameEn: plan.nameEn,
            price: plan.price,
            currency: plan.currency,
            interval: plan.interval,
            stripePriceId: plan.stripePriceId,
          },
          siteOrigin: app.payments.siteOrigin(request),
          locale: request.locale,
        });
        await app.db.update(subscriptions).set({ checkoutSessionId: session.sessionId }).where(eq(subscriptions.id, row.id));
        if (gateway.provider === 'local') {
          reply.setCookie(LOCAL_BUYER_COOKIE, localBuyerProof(app.serverKey('local-checkout-buyer'), session.sessionId, user.id), {
            path: localCheckoutPagePath(session.sessionId),
            httpOnly: true,
            sameSite: 'strict',
            secure: app.config.PUBLIC_BASE_URL.startsWith('https:'),
            maxAge: Math.floor(app.payments.config.checkoutTtlMs / 1000),
          });
        }
        return { status: true, active: hasActive, data: { checkout_url: session.url } };
      } catch (error) {
        request.log.error({ err: error, subscriptionId: row.id }, 'checkout session could not be created');
        await app.db.update(subscriptions).set({ status: 'failed' }).where(eq(subscriptions.id, row.id));
        return reply.code(502).send({
          status: false as const,
          err: BILLING_ERR.providerFailed,
          msg: request.t('validation.subscriptionCreateFailed'),
        });
      }
    },
  );

  app.get(
    '/subscriptions/mine',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['billing'],
        summary: "The signed-in user's subscriptions (those that were paid at least once), newest first",
        security: [{ bearerAuth: [] }],
        response: { 200: subscriptionsResponseSchema, ...authErrors, ...errorResponses },
      },
    },
    async (request) => {
      const rows = await app.db
        .select({ row: subscriptions, plan: { name: subscriptionPlans.name, nameEn: subscriptionPlans.nameEn } })
        .from(subscriptions)
        .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
        .where(and(eq(subscriptions.userId, request.user!.id), isNotNull(subscriptions.currentPeriodStart)))
        .orderBy(desc(subscriptions.currentPeriodStart), desc(subscriptions.id));
      const now = new Date();
      return { status: true as const, data: rows.map(({ row, plan }) => subscriptionSummary(row, plan, now)) };
    },
  );

  app.get(
    '/subscriptions/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['billing'],
        summary: 'One subscription of the signed-in user (404 for anyone else)',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        response: { 200: subscriptionResponseSchema, ...authErrors, ...notFoundResponse, ...errorResponses },
      },
    },
    async (request) => {
      const [found] = await app.db
        .select({ row: subscriptions, plan: { name: subscriptionPlans.name, nameEn: subscriptionPlans.nameEn } })
        .from(subscriptions)
        .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
        .where(and(eq(subscriptions.id, request.params.id), eq(subscriptions.userId, request.user!.id)));
      if (!found) throw notFound();
      return { status: true as const, data: subscriptionSummary(found.row, found.plan) };
    },
  );

  app.put(
    '/subscriptions/:id/renewal',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['billing'],
        summary: 'Turn the renewal of an own active subscription off (it ends with its paid period) or back on',
        description:
          'With Stripe, sets `cancel_at_period_end` on the Stripe subscription; the row then holds what Stripe answered. ' +
          '404 for a subscription of another member or never paid; 409 `subscriptionRenewalClosed` once it ended or expired; ' +
          "409 `subscriptionRenewalUnavailable` for a subscription of a payment provider this site no longer uses; 502 `payment_provider_failed` when the provider does not answer (nothing changed). The member is e-mailed when the state changes.",
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        body: subscriptionRenewalBodySchema,
        response: {
          200: subscriptionResponseSchema,
          ...authErrors,
          ...notFoundResponse,
          409: errorEnvelopeSchema.describe('The subscription ended, or its provider is not this site’s'),
          502: errorEnvelopeSchema.describe('The payment provider did not answer; nothing changed'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const userId = request.user!.id;
      const renew = request.body.auto_renew;
      const own = and(eq(subscriptions.id, request.params.id), eq(subscriptions.userId, userId), isNotNull(subscriptions.currentPeriodStart));
      const [found] = await app.db
        .select({ row: subscriptions, plan: { name: subscriptionPlans.name, nameEn: subscriptionPlans.nameEn } })
        .from(subscriptions)
        .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
        .where(own);
      if (!found) throw notFound();
      const { plan } = found;
      if (subscriptionSummary(found.row, plan).status !== 'active') throw new AppError(409, 'validation.subscriptionRenewalClosed');
      const answer = (row: Row) => {
        const summary = subscriptionSummary(row, plan);
        const date = formatDate(summary.period_end, request.locale, 'longDate');
        return { status: true as const, msg: request.t(summary.auto_renew ? 'success.subscriptionRenewalOn' : 'success.subscriptionRenewalOff', { date }), data: summary };
      };
      // Already so: nothing to ask the provider, nobody to tell.
      if (found.row.cancelAtPeriodEnd === !renew) return answer(found.row);

      const { gateway } = app.payments;
      const providerSubscriptionId = found.row.providerSubscriptionId;
      if (found.row.provider !== gateway.provider || !providerSubscriptionId) throw new AppError(409, 'validation.subscriptionRenewalUnavailable');
      let renews: boolean;
      try {
        ({ renews } = await gateway.setRenewal({ subscriptionId: found.row.id, providerSubscriptionId, renew }));
      } catch (error) {
        request.log.error({ err: error, subscriptionId: found.row.id, renew }, 'the payment provider did not change the renewal');
        return reply.code(502).send({ status: false as const, err: BILLING_ERR.providerFailed, msg: request.t('validation.subscriptionRenewalFailed') });
      }

      const saved = await app.db.transaction(async (tx) => {
        const [locked] = await tx.select().from(subscriptions).where(own).for('update');
        if (!locked) throw notFound();
        // Ended while the provider was asked (its deletion event came in between): that is final.
        if (locked.endedAt) throw new AppError(409, 'validation.subscriptionRenewalClosed');
        const [updated] = await tx
          .update(subscriptions)
          .set({ cancelAtPeriodEnd: !renews, renewalChangedAt: new Date() })
          .where(eq(subscriptions.id, locked.id))
          .returning();
        if (!updated) throw notFound();
        if (updated.cancelAtPeriodEnd !== locked.cancelAtPeriodEnd) await app.payments.mailRenewalChanged(tx, updated);
        return updated;
      });
      request.log.info({ subscriptionId: saved.id, provider: saved.provider, renews }, 'subscription renewal changed');
      return answer(saved);
    },
  );
};
export default billing;
