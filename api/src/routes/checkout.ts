/**
 * The built-in local checkout (no Stripe keys configured), served by the API under
 * `/api/payments/local-checkout/...` and reached through the site's /api proxy:
 *
 * - `GET  payments/local-checkout/{session}?lang=ar|en`: the page (plan, price per year, pay /
 *   fail / cancel). No script; its stylesheet is `.../assets/checkout.css` (strict CSP).
 * - `POST payments/local-checkout/{session}` (form: `action=pay|fail|cancel`): makes the signed
 *   Stripe-shaped event of that outcome and hands it to `app.payments.receive`, the same code
 *   path as a webhook delivery, then redirects (303) to /success (paid), /failed (refused) or /failed?reason=canceled (left).
 *
 * It is a payment simulator for trying the product (no money moves; a production start refuses to
 * run without Stripe, lib/payments/config.ts). Its buttons answer only the buyer's browser: the
 * `checkout_buyer` cookie set when the buyer started this checkout (lib/payments/gateways.ts);
 * without it the page shows no buttons and a post is refused (403). A session stays open for
 * CHECKOUT_TTL_MINUTES (24 h) and until it has an outcome.
 */
import { timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { subscriptionPlans, subscriptions } from '../db/schema';
import { AppError, notFound } from '../lib/errors';
import { pickLocalized, type Locale } from '@scholars/shared-contracts/locale';
import { CHECKOUT_CANCELED } from '@scholars/shared-contracts/schemas';
import { CHECKOUT_CSS, renderCheckoutPage } from '../lib/payments/checkout-page';
import { LOCAL_BUYER_COOKIE, LOCAL_CHECKOUT_PATH, localBuyerProof, localEvent, type LocalAction } from '../lib/payments/gateways';

const sessionParams = z.object({ session: z.string().regex(/^lcs_[A-Za-z0-9_-]{16,64}$/, 'validation.notFound') });
const pageQuery = z.object({ lang: z.enum(['en', 'ar']).optional() });
const actionBody = z.object({ action: z.enum(['pay', 'fail', 'cancel']) });

const checkout: FastifyPluginAsyncZod = async (app) => {
  // The page's form posts application/x-www-form-urlencoded (no script on the page).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const base = `/api${LOCAL_CHECKOUT_PATH}`;
  const enabled = () => app.payments.gateway.provider === 'local';

  async function loadSession(sessionId: string) {
    const [found] = await app.db
      .select({ row: subscriptions, plan: { name: subscriptionPlans.name, nameEn: subscriptionPlans.nameEn } })
      .from(subscriptions)
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
      .where(and(eq(subscriptions.checkoutSessionId, sessionId), eq(subscriptions.provider, 'local')));
    return found;
  }
  /** True when the request comes from the browser that started this checkout as its buyer. */
  function fromBuyer(request: FastifyRequest, sessionId: string, userId: number): boolean {
    const presented = request.cookies[LOCAL_BUYER_COOKIE];
    if (!presented) return false;
    const expected = Buffer.from(localBuyerProof(app.serverKey('local-checkout-buyer'), sessionId, userId));
    const given = Buffer.from(presented);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  const isOpen = (row: typeof subscriptions.$inferSelect) =>
    row.status === 'pending' && Date.now() - row.createdAt.getTime() < app.payments.config.checkoutTtlMs;

  app.get(`${LOCAL_CHECKOUT_PATH}/assets/checkout.css`, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('Content-Type', 'text/css; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(CHECKOUT_CSS),
  );

  app.get(
    `${LOCAL_CHECKOUT_PATH}/:session`,
    { schema: { tags: ['billing'], summary: 'The local checkout page (HTML; only without Stripe keys)', params: sessionParams, querystring: pageQuery } },
    async (request, reply) => {
      if (!enabled()) throw notFound();
      const found = await loadSession(request.params.session);
      if (!found) throw notFound();
      const locale: Locale = request.query.lang ?? request.locale;
      const html = renderCheckoutPage({
        locale,
        action: `${base}/${request.params.session}`,
        stylesheet: `${base}/assets/checkout.css`,
        planName: pickLocalized(locale, found.plan.name, found.plan.nameEn),
        price: found.row.price,
        currency: found.row.currency,
        open: isOpen(found.row),
        fromBuyer: fromBuyer(request, request.params.session, found.row.userId),
        homeUrl: `${app.payments.siteOrigin(request)}/`,
      });
      return reply.header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
    },
  );

  app.post(
    `${LOCAL_CHECKOUT_PATH}/:session`,
    {
      schema: {
        tags: ['billing'],
        summary: 'Outcome of the local checkout (form post): redirects to /success or /failed',
        params: sessionParams,
        body: actionBody,
        consumes: ['application/x-www-form-urlencoded'],
      },
    },
    async (request, reply) => {
      if (!enabled()) throw notFound();
      const found = await loadSession(request.params.session);
      if (!found) throw notFound();
      if (!fromBuyer(request, request.params.session, found.row.userId)) throw new AppError(403, 'validation.checkoutNotYours');
      const origin = app.payments.siteOrigin(request);
      let status = found.row.status;
      if (isOpen(found.row)) {
        const action: LocalAction = request.body.action;
        const { payload, header } = localEvent(
          action,
          {
            sessionId: request.params.session,
            subscriptionId: found.row.id,
            userId: found.row.userId,
            planId: found.row.planId,
            price: found.row.price,
            currency: found.row.currency,
          },
          app.payments.config.localSecret,
        );
        const result = await app.payments.receive('local', payload, header);
        status = result.status ?? status;
      }
      // A checkout the buyer left is said apart from a refused payment (the page tells them nothing was charged).
      const outcome = status === 'active' ? '/success' : status === 'canceled' ? `/failed?reason=${CHECKOUT_CANCELED}` : '/failed';
      return reply.code(303).header('Cache-Control', 'no-store').redirect(`${origin}${outcome}`, 303);
    },
  );
};
export default checkout;
