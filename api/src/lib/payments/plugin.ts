/**
 * `app.payments`: the configured provider (Stripe when its keys are set, else the local
 * checkout), webhook intake for both (`receive`), and the site origin return pages use.
 * Registered by routes/index.ts before the billing routes.
 */
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import { subscriptionPlans, users } from '../../db/schema';
import { formatInvoiceNumber } from '@scholars/shared-contracts/schemas';
import { pickLocalized } from '@scholars/shared-contracts/locale';
import { receiptMail } from '../invoices/receipt-mail';
import { renderReceiptPdf } from '../invoices/receipt-pdf';
import { renewalNote } from '../invoices/renewal';
import type { Tx } from '../invoices/numbering';
import { renewalChangedMail } from '../mail/templates';
import { loadPaymentsConfig, type PaymentsConfig } from './config';
import { applyEvent, verifyEvent, type ApplyHooks, type ApplyResult, type ProviderName, type SubscriptionRow } from './events';
import { createStripeClient, idOf, LocalGateway, StripeGateway, type PaymentGateway } from './gateways';

export interface Payments {
  config: PaymentsConfig;
  /** Where new checkouts go. */
  gateway: PaymentGateway;
  /** The Stripe client when Stripe is configured. */
  stripe?: Stripe;
  /**
   * Verifies a webhook delivery of `provider` (signature and age) and applies it at most once.
   * Throws WebhookSignatureError for a bad or stale signature.
   */
  receive(provider: ProviderName, payload: string | Buffer, signature: string | undefined): Promise<ApplyResult>;
  /** The public origin of the site for this request (return pages): the proxied host when it is a known origin, else PUBLIC_BASE_URL. */
  siteOrigin(request: FastifyRequest): string;
  /** Queues, in `tx`, the member's e-mail saying the renewal of `subscription` is now off or on (its current state). */
  mailRenewalChanged(tx: Tx, subscription: SubscriptionRow): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments;
  }
}

export default fp(
  async (app) => {
    const config = loadPaymentsConfig(process.env, app.config.COOKIE_SECRET, app.config.NODE_ENV);
    const stripe = config.stripe ? createStripeClient(config.stripe) : undefined;
    const gateway: PaymentGateway = stripe ? new StripeGateway(stripe) : new LocalGateway();
    const publicOrigin = new URL(app.config.PUBLIC_BASE_URL).origin;
    const knownOrigins = new Set([publicOrigin, ...app.config.CORS_ORIGINS]);

    async function mailRenewalChanged(tx: Tx, subscription: SubscriptionRow) {
      if (!subscription.currentPeriodEnd) return;
      const [found] = await tx
        .select({ email: users.email, name: users.name, locale: users.locale, plan: subscriptionPlans.name, planEn: subscriptionPlans.nameEn })
        .from(users)
        .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscription.planId))
        .where(eq(users.id, subscription.userId));
      if (!found) return;
      const mail = renewalChangedMail(found.locale, {
        name: found.name,
        planName: pickLocalized(found.locale, found.plan, found.planEn),
        renews: !subscription.cancelAtPeriodEnd,
        periodEnd: subscription.currentPeriodEnd,
        link: `${publicOrigin}/profile?tab=subscriptions`,
      });
      await app.mail.enqueue({ to: found.email, locale: found.locale, ...mail }, tx);
    }

    const hooks: ApplyHooks = {
      onRenewalChanged: mailRenewalChanged,
      async onInvoiceCreated(tx, invoice, subscription) {
        const [user] = await tx
          .select({ email: users.email, name: users.name, locale: users.locale })
          .from(users)
          .where(eq(users.id, invoice.userId));
        if (!user) return;
        const [plan] = invoice.planId
          ? await tx.select({ name: subscriptionPlans.name, nameEn: subscriptionPlans.nameEn }).from(subscriptionPlans).where(eq(subscriptionPlans.id, invoice.planId))
          : [];
        const renewal = renewalNote(invoice, subscription);
        const mail = receiptMail({
          locale: user.locale,
          name: user.name,
          number: invoice.number,
          amount: invoice.amount,
          currency: invoice.currency,
          planName: plan?.name ?? null,
          planNameEn: plan?.nameEn ?? null,
          renewal,
          paymentMethod: invoice.paymentMethod,
          billingUrl: `${publicOrigin}/profile?tab=billing`,
        });
        const pdf = await renderReceiptPdf({
          number: invoice.number,
          issuedAt: invoice.issuedAt,
          status: invoice.status,
          amount: invoice.amount,
          currency: invoice.currency,
          customerName: user.name,
          customerEmail: user.email,
          planName: plan?.name ?? null,
          planNameEn: plan?.nameEn ?? null,
          periodStart: invoice.periodStart,
          periodEnd: invoice.periodEnd,
          paymentMethod: invoice.paymentMethod,
          renewal,
        });
        // In the event's transaction: the receipt exists exactly when the payment was recorded.
        await app.mail.enqueue(
          {
            to: user.email,
            locale: user.locale,
            ...mail,
            attachments: [
              {
                filename: `receipt-${formatInvoiceNumber(invoice.number)}.pdf`,
                content: pdf.toString('base64'),
                contentType: 'application/pdf',
                encoding: 'base64',
              },
            ],
          },
          tx,
        );
      },
    };

    const payments: Payments = {
      config,
      gateway,
      stripe,
      async receive(provider, payload, signature) {
        const secret = provider === 'stripe' ? config.stripe?.webhookSecret : config.localSecret;
        if (!secret) throw new Error(`no webhook secret for ${provider}`);
        const event = verifyEvent(payload, signature, secret);
        // A refund made in the provider's dashboard names its payment: its invoice is asked for
        // before the event's transaction (a provider that does not answer: 500, and its retry).
        const payment = event.type === 'charge.refunded' && event.data.object.refunded ? idOf(event.data.object.payment_intent) : undefined;
        const refundedInvoiceId = payment ? await gateway.invoiceOfPayment(payment) : undefined;
        const result = await applyEvent(app.db, provider, event, hooks, { refundedInvoiceId });
        app.log.info({ provider, eventId: event.id, type: event.type, outcome: result.outcome, subscriptionId: result.subscriptionId }, 'payment event');
        return result;
      },
      siteOrigin(request) {
        const candidate = `${request.protocol}://${request.host}`;
        return knownOrigins.has(candidate) ? candidate : publicOrigin;
      },
      mailRenewalChanged,
    };
    app.decorate('payments', payments);
  },
  { name: 'payments', dependencies: ['config', 'db', 'mail'] },
);
