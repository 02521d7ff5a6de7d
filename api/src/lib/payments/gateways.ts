/**
 * The payment providers behind one interface: where a buyer goes to pay (`createCheckout`),
 * turning a subscription's renewal off and on (`setRenewal`), and which secret signs the
 * provider's events. Both deliver their outcome to `events.ts`.
 *
 * - Stripe: a Checkout Session in subscription mode, one yearly AED price per plan (the plan's
 *   `stripe_price_id` when set, else an inline `price_data`), metadata pointing at our row.
 * - Local: a checkout page served by this API (pay / fail / cancel) whose buttons produce signed
 *   Stripe-shaped events (`localEvent`).
 */
import { createHmac, randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { PaymentsConfig } from './config';
import type { ProviderName } from './events';
import type { Locale } from '@scholars/shared-contracts/locale';
import { CHECKOUT_CANCELED } from '@scholars/shared-contracts/schemas';

export interface CheckoutInput {
  subscriptionId: number;
  user: { id: number; email: string; name: string };
  plan: { id: number; name: string; nameEn: string; price: number; currency: string; interval: string; stripePriceId: string | null };
  /** The site's public origin (return pages, the local checkout page). */
  siteOrigin: string;
  locale: Locale;
}

export interface CheckoutSession {
  sessionId: string;
  url: string;
}

export interface RenewalInput {
  /** Our row. */
  subscriptionId: number;
  /** The provider's id of the subscription (`sub_...`). */
  providerSubscriptionId: string;
  /** true: renew at the end of the period; false: end with it (Stripe's `cancel_at_period_end`). */
  renew: boolean;
}

export interface EndInput {
  /** Our row. */
  subscriptionId: number;
  providerSubscriptionId: string;
}

export interface RefundInput {
  /** Our invoice. */
  invoiceId: number;
  /** The provider's invoice id (Stripe's `in_...`). */
  providerInvoiceId: string;
  amount: number;
  currency: string;
}

/** The provider holds no payment this site can give back by itself (refund it in the provider's dashboard). */
export class RefundUnavailableError extends Error {}

export interface PaymentGateway {
  readonly provider: ProviderName;
  createCheckout(input: CheckoutInput): Promise<CheckoutSession>;
  /**
   * Turns the renewal of a subscription off or on at the provider; answers whether, by the
   * provider's own answer, it now renews. Throws when the provider refuses or does not answer.
   */
  setRenewal(input: RenewalInput): Promise<{ renews: boolean }>;
  /** Ends a subscription at the provider now: nothing more is charged. Throws when the provider refuses or does not answer. */
  endNow(input: EndInput): Promise<void>;
  /**
   * Gives an invoice's payment back in full; answers the provider's refund id. A repeat of the same
   * invoice's refund (a retry after a failure further on) gives nothing back twice. Throws
   * RefundUnavailableError when there is no payment to refund, any other error when the provider fails.
   */
  refund(input: RefundInput): Promise<{ refundId: string }>;
  /**
   * The provider's invoice a payment (a Stripe PaymentIntent) was made for, or undefined: a refund
   * made in the provider's dashboard names the payment, not the invoice. Throws when the provider
   * does not answer.
   */
  invoiceOfPayment(paymentId: string): Promise<string | undefined>;
}

/** The id of a Stripe field that is an id or, expanded, the object. */
export const idOf = (value: string | { id: string } | null | undefined): string | undefined => (typeof value === 'string' ? value : (value?.id ?? undefined));

/** Whether a Stripe subscription renews: not set to cancel, neither at the period's end nor at a date. */
export const stripeRenews = (subscription: Pick<Stripe.Subscription, 'cancel_at_period_end' | 'cancel_at'>) =>
  !subscription.cancel_at_period_end && (subscription.cancel_at === null || subscription.cancel_at === undefined);

const metadataOf = (input: CheckoutInput) => ({
  subscription_id: String(input.subscriptionId),
  user_id: String(input.user.id),
  plan_id: String(input.plan.id),
});

export function createStripeClient(config: NonNullable<PaymentsConfig['stripe']>): Stripe {
  const base = config.apiBase;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    appInfo: { name: 'scholars-hub' },
    ...(base
      ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'http:' ? 'http' : 'https' }
      : {}),
  });
}

export class StripeGateway implements PaymentGateway {
  readonly provider = 'stripe' as const;
  constructor(private readonly stripe: Stripe) {}

  async createCheckout(input: CheckoutInput): Promise<CheckoutSession> {
    const { plan } = input;
    const metadata = metadataOf(input);
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        line_items: [
          plan.stripePriceId
            ? { price: plan.stripePriceId, quantity: 1 }
            : {
                quantity: 1,
                price_data: {
                  currency: plan.currency.toLowerCase(),
                  unit_amount: Math.round(plan.price * 100),
                  recurring: { interval: plan.interval === 'month' ? 'month' : 'year' },
                  product_data: { name: plan.nameEn, metadata: { plan_id: String(plan.id) } },
                },
              },
        ],
        customer_email: input.user.email,
        client_reference_id: String(input.subscriptionId),
        metadata,
        subscription_data: { metadata },
        locale: input.locale === 'en' ? 'en' : 'auto',
        success_url: `${input.siteOrigin}/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${input.siteOrigin}/failed?reason=${CHECKOUT_CANCELED}`,
      },
      { idempotencyKey: `scholars-checkout-${input.subscriptionId}` },
    );
    if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
    return { sessionId: session.id, url: session.url };
  }

  /**
   * Off: `cancel_at_period_end: true` (Stripe ends the subscription when the paid period ends and
   * sends `customer.subscription.deleted`). On: `cancel_at_period_end: false`, and, when the
   * subscription was set to cancel at a date instead (Stripe's customer portal may do that), that
   * date is cleared too (`cancel_at: ''`: Stripe takes one of the two per call).
   */
  async setRenewal(input: RenewalInput): Promise<{ renews: boolean }> {
    let subscription = await this.stripe.subscriptions.update(input.providerSubscriptionId, { cancel_at_period_end: !input.renew });
    if (input.renew && !stripeRenews(subscription)) {
      subscription = await this.stripe.subscriptions.update(input.providerSubscriptionId, { cancel_at: '' });
    }
    return { renews: stripeRenews(subscription) };
  }

  /** Cancels at once (Stripe then sends `customer.subscription.deleted`, which finds the row ended already). */
  async endNow(input: EndInput): Promise<void> {
    await this.stripe.subscriptions.cancel(input.providerSubscriptionId, {}, { idempotencyKey: `scholars-end-${input.subscriptionId}` });
  }

  /**
   * The invoice's payment (its paid InvoicePayment: a PaymentIntent, or a charge) refunded in full.
   * The idempotency key is the invoice's: Stripe answers a repeat within 24 hours with the first refund.
   */
  async refund(input: RefundInput): Promise<{ refundId: string }> {
    if (!input.providerInvoiceId.startsWith('in_')) throw new RefundUnavailableError(`no Stripe invoice behind ${input.providerInvoiceId}`);
    const payments = await this.stripe.invoicePayments.list({ invoice: input.providerInvoiceId, status: 'paid', limit: 1 });
    const payment = payments.data[0]?.payment;
    const paymentIntent = idOf(payment?.payment_intent);
    const charge = idOf(payment?.charge);
    if (!paymentIntent && !charge) throw new RefundUnavailableError(`no paid payment on ${input.providerInvoiceId}`);
    const refund = await this.stripe.refunds.create(
      {
        ...(paymentIntent ? { payment_intent: paymentIntent } : { charge }),
        amount: Math.round(input.amount * 100),
        reason: 'requested_by_customer',
        metadata: { invoice_id: String(input.invoiceId) },
      },
      { idempotencyKey: `scholars-refund-${input.invoiceId}` },
    );
    return { refundId: refund.id };
  }

  async invoiceOfPayment(paymentId: string): Promise<string | undefined> {
    const payments = await this.stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: paymentId }, limit: 1 });
    return idOf(payments.data[0]?.invoice as string | { id: string } | null | undefined);
  }
}

/** Path of the local checkout page under the API base. */
export const LOCAL_CHECKOUT_PATH = '/payments/local-checkout';

/**
 * The local checkout's buttons answer only the browser that started that checkout while signed in
 * as its buyer: starting it sets this httpOnly cookie, scoped to the session's own page, whose
 * value is an HMAC of the session and the buyer (`localBuyerProof`). The session id alone (in the
 * address bar, a log, a shared link) pays for nothing.
 */
export const LOCAL_BUYER_COOKIE = 'checkout_buyer';
export const localCheckoutPagePath = (sessionId: string) => `/api${LOCAL_CHECKOUT_PATH}/${sessionId}`;
export function localBuyerProof(key: Buffer, sessionId: string, userId: number): string {
  return createHmac('sha256', key).update(`${sessionId}:${userId}`).digest('base64url');
}

export class LocalGateway implements PaymentGateway {
  readonly provider = 'local' as const;

  async createCheckout(input: CheckoutInput): Promise<CheckoutSession> {
    const sessionId = `lcs_${randomBytes(24).toString('base64url')}`;
    return { sessionId, url: `${input.siteOrigin}/api${LOCAL_CHECKOUT_PATH}/${sessionId}?lang=${input.locale}` };
  }

  /**
   * The simulator keeps no state of its own beyond our row (it charges nothing and never renews by
   * itself): the change is what was asked, recorded by the caller exactly as Stripe's answer is.
   * Its `customer.subscription.updated` events (signed with the local secret) go through the same
   * code path as Stripe's.
   */
  async setRenewal(input: RenewalInput): Promise<{ renews: boolean }> {
    return { renews: input.renew };
  }

  /** Nothing runs at the simulator: the caller records the end. */
  async endNow(): Promise<void> {}

  /** No money moved, none goes back: a refund id of its own for the record. */
  async refund(): Promise<{ refundId: string }> {
    return { refundId: `re_local_${randomBytes(12).toString('hex')}` };
  }

  /** The simulator has no dashboard: its payments are given back only through the console. */
  async invoiceOfPayment(): Promise<string | undefined> {
    return undefined;
  }
}

export type LocalAction = 'pay' | 'fail' | 'cancel';

export interface LocalSessionInfo {
  sessionId: string;
  subscriptionId: number;
  userId: number;
  planId: number;
  price: number;
  currency: string;
}

/**
 * The Stripe-shaped event of a local checkout button, as the signed payload and its
 * `Stripe-Signature`-style header. pay: `checkout.session.completed` (paid); fail:
 * `checkout.session.async_payment_failed`; cancel: `checkout.session.expired`.
 */
export function localEvent(action: LocalAction, session: LocalSessionInfo, secret: string, now = Date.now()) {
  const created = Math.floor(now / 1000);
  const type =
    action === 'pay' ? 'checkout.session.completed' : action === 'fail' ? 'checkout.session.async_payment_failed' : 'checkout.session.expired';
  const event = {
    id: `evt_local_${randomBytes(16).toString('hex')}`,
    object: 'event',
    type,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: {
      object: {
        id: session.sessionId,
        object: 'checkout.session',
        mode: 'subscription',
        status: action === 'pay' ? 'complete' : action === 'cancel' ? 'expired' : 'complete',
        payment_status: action === 'pay' ? 'paid' : 'unpaid',
        amount_total: Math.round(session.price * 100),
        currency: session.currency.toLowerCase(),
        client_reference_id: String(session.subscriptionId),
        customer: `cus_local_${session.userId}`,
        subscription: action === 'pay' ? `sub_local_${session.subscriptionId}` : null,
        invoice: action === 'pay' ? `in_local_${randomBytes(12).toString('hex')}` : null,
        metadata: {
          subscription_id: String(session.subscriptionId),
          user_id: String(session.userId),
          plan_id: String(session.planId),
          ...(action === 'pay' ? { payment_method: 'local_test_card' } : {}),
        },
      },
    },
  };
  const payload = JSON.stringify(event);
  return { payload, header: signPayload(payload, secret, created) };
}

/** `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<payload>">`, the scheme Stripe signs webhooks with. */
export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}
