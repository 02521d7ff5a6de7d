/**
 * An administrator ends a member's live subscription at once (administrators; decisions.md
 * "Subscriptions: ended by the administrators"): a refund asked for, a payment disputed, an account
 * paid by mistake. Access ends now and nothing more is charged; with `refund`, the subscription's
 * last payment is given back in full.
 *
 * The provider is asked first, the refund before the end: a refund that fails leaves the
 * subscription running and nothing recorded (502, try again); an end that fails after the refund
 * is retried with the same idempotency keys, so the payment is not given back twice. Then, in one
 * transaction: the row ended (final, as when the provider ends it: its own
 * `customer.subscription.deleted` finds it ended and changes nothing), the invoice marked refunded,
 * the audit entry with the reason, and the member's e-mail saying why and what was given back.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rolesFor } from '@scholars/shared-contracts/authorization';
import { formatAmount, pickLocalized } from '@scholars/shared-contracts/locale';
import { ROUTES } from '@scholars/shared-contracts/routes';
import { z } from 'zod';
import {
  BILLING_ERR,
  adminPaymentsExportQuerySchema,
  adminPaymentsQuerySchema,
  adminPaymentsResponseSchema,
  adminPaymentsSummaryResponseSchema,
  adminUserDetailsResponseSchema,
  endSubscriptionBodySchema,
  errorEnvelopeSchema,
  formatInvoiceNumber,
  idParamsSchema,
} from '@scholars/shared-contracts/schemas';
import type { Db } from '../db/client';
import { auditLog, invoices, subscriptionPlans, subscriptions, users } from '../db/schema';
import { AppError, notFound } from '../lib/errors';
import { appendAudit } from '../lib/operators/audit';
import { listPayments, paymentsCsv, paymentsSummary } from '../lib/operators/payments';
import { datedCsvName, sendCsv } from '../lib/csv';
import { userDetails } from '../lib/operators/users';
import { RefundUnavailableError } from '../lib/payments/gateways';
import { subscriptionStatus } from '../lib/payments/summary';
import { subscriptionEndedMail } from './admin-users-mail';
import { errorResponses, notFoundResponse, staffErrors } from './schemas';

const adminSubscriptions: FastifyPluginAsyncZod = async (app) => {
  const site = app.config.PUBLIC_BASE_URL;

  app.post(
    '/admin/subscriptions/:id/end',
    {
      onRequest: app.requireRole(...rolesFor('POST /api/admin/subscriptions/{id}/end')),
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: "End a member's live subscription now (reason required), optionally giving its last payment back; the member is e-mailed",
        description:
          "Answers the owner's user page. 409 `subscriptionNotLive` once it ended, expired or was never paid; 409 `subscriptionEndUnavailable` for a " +
          'provider this site no longer uses; 409 `subscriptionNothingToRefund` / `subscriptionRefundUnavailable` when there is no payment to give back ' +
          'from here; 502 when the provider fails (nothing changed).',
        params: idParamsSchema,
        body: endSubscriptionBodySchema,
        response: {
          200: adminUserDetailsResponseSchema,
          ...staffErrors,
          ...notFoundResponse,
          409: errorEnvelopeSchema.describe('Not live, or not something this site can end or refund (see `msg`)'),
          502: errorEnvelopeSchema.describe('The payment provider did not answer; nothing changed'),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { reason, refund } = request.body;
      const [found] = await app.db.select().from(subscriptions).where(eq(subscriptions.id, request.params.id));
      if (!found) throw notFound();
      if (subscriptionStatus(found) !== 'active') throw new AppError(409, 'validation.subscriptionNotLive');
      const { gateway } = app.payments;
      const providerSubscriptionId = found.providerSubscriptionId;
      if (found.provider !== gateway.provider || !providerSubscriptionId) throw new AppError(409, 'validation.subscriptionEndUnavailable');
      const [payment] = refund
        ? await app.db
            .select()
            .from(invoices)
            .where(and(eq(invoices.subscriptionId, found.id), eq(invoices.status, 'paid')))
            .orderBy(desc(invoices.issuedAt), desc(invoices.number))
            .limit(1)
        : [];
      if (refund && !payment) throw new AppError(409, 'validation.subscriptionNothingToRefund');
      if (payment && (payment.provider !== gateway.provider || !payment.providerInvoiceId)) throw new AppError(409, 'validation.subscriptionRefundUnavailable');

      let refundId: string | null = null;
      try {
        if (payment) ({ refundId } = await gateway.refund({ invoiceId: payment.id, providerInvoiceId: payment.providerInvoiceId!, amount: payment.amount, currency: payment.currency }));
        await gateway.endNow({ subscriptionId: found.id, providerSubscriptionId });
      } catch (error) {
        if (error instanceof RefundUnavailableError) throw new AppError(409, 'validation.subscriptionRefundUnavailable');
        request.log.error({ err: error, subscriptionId: found.id, refund }, 'the payment provider did not end the subscription');
        return reply.code(502).send({ status: false as const, err: BILLING_ERR.providerFailed, msg: request.t('validation.subscriptionEndFailed') });
      }

      const actorId = request.user!.id;
      await app.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        const [locked] = await db.select().from(subscriptions).where(eq(subscriptions.id, found.id)).for('update');
        if (!locked) throw notFound();
        // Another administrator's end of it committed while the provider was asked (the row lock
        // orders the two): theirs stands, alone. (The provider's own end meanwhile is no such record.)
        const [endedByStaff] = await db
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(and(eq(auditLog.action, 'subscription.end'), eq(auditLog.targetType, 'user'), eq(auditLog.targetId, locked.userId), sql`${auditLog.details}->>'subscription_id' = ${String(locked.id)}`))
          .limit(1);
        if (endedByStaff) throw new AppError(409, 'validation.subscriptionNotLive');
        const now = new Date();
        // The provider's own end may have been applied meanwhile (its event): that end stands.
        const endedAt = locked.endedAt ?? now;
        await db
          .update(subscriptions)
          .set({ status: 'canceled', endedAt, canceledAt: locked.canceledAt ?? now })
          .where(eq(subscriptions.id, locked.id));
        if (payment) {
          await db.update(invoices).set({ status: 'refunded', refundedAt: now, providerRefundId: refundId }).where(eq(invoices.id, payment.id));
        }
        await appendAudit(db, {
          actorId,
          actorLabel: 'account',
          action: 'subscription.end',
          targetType: 'user',
          targetId: locked.userId,
          reason,
          details: {
            subscription_id: locked.id,
            refund: payment ? { invoice: formatInvoiceNumber(payment.number), amount: payment.amount, currency: payment.currency, provider_refund_id: refundId } : null,
          },
        });
        const [owner] = await db
          .select({ email: users.email, name: users.name, locale: users.locale, plan: subscriptionPlans.name, planEn: subscriptionPlans.nameEn })
          .from(users)
          .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, locked.planId))
          .where(eq(users.id, locked.userId));
        if (owner) {
          const mail = subscriptionEndedMail(owner.locale, {
            name: owner.name,
            planName: pickLocalized(owner.locale, owner.plan, owner.planEn),
            endedAt,
            reason,
            refund: payment ? { amount: payment.amount, currency: payment.currency, invoice: formatInvoiceNumber(payment.number) } : null,
            billingLink: `${site}${ROUTES.profile}?tab=billing`,
            contactLink: `${site}${ROUTES.contact}`,
          });
          await app.mail.enqueue({ to: owner.email, locale: owner.locale, ...mail }, db);
        }
      });
      request.log.info({ subscriptionId: found.id, provider: found.provider, refunded: Boolean(payment) }, 'subscription ended by an administrator');
      const details = await userDetails(app.db, found.userId);
      if (!details) throw notFound();
      const msg = payment
        ? request.t('success.subscriptionEndedRefunded', { amount: formatAmount(payment.amount) })
        : request.t('success.subscriptionEnded');
      return { status: true as const, msg, data: details };
    },
  );

  app.get(
    '/admin/payments',
    {
      onRequest: app.requireRole(...rolesFor('GET /api/admin/payments')),
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: "Every member's invoices, newest first: search an invoice number or the member, filter by state and day of issue",
        querystring: adminPaymentsQuerySchema,
        response: { 200: adminPaymentsResponseSchema, ...staffErrors, ...errorResponses },
      },
    },
    async (request) => {
      const { items, total } = await listPayments(app.db, request.query);
      return { status: true as const, data: items, tot: total };
    },
  );

  app.get(
    '/admin/payments/summary',
    {
      onRequest: app.requireRole(...rolesFor('GET /api/admin/payments/summary')),
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: 'The invoices the filter matches, counted and summed per state and currency (a period’s figures)',
        querystring: adminPaymentsExportQuerySchema,
        response: { 200: adminPaymentsSummaryResponseSchema, ...staffErrors, ...errorResponses },
      },
    },
    async (request) => ({ status: true as const, data: await paymentsSummary(app.db, request.query) }),
  );

  app.get(
    '/admin/payments/export',
    {
      onRequest: app.requireRole(...rolesFor('GET /api/admin/payments/export')),
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: 'The invoices the filter matches, newest first, as CSV (UTF-8 with a byte order mark)',
        querystring: adminPaymentsExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv'), ...staffErrors, ...errorResponses },
      },
    },
    async (request, reply) => sendCsv(reply, datedCsvName('payments'), await paymentsCsv(app.db, request.query)),
  );
};

export default adminSubscriptions;
