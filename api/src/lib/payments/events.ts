/**
 * The one webhook code path of both payment providers (decisions.md "Payments").
 *
 * Events are Stripe-shaped (`{ id, type, created, data: { object } }`) and signed the Stripe way
 * (`t=<unix>,v1=<HMAC-SHA256 of "t.payload">`): Stripe signs its own with STRIPE_WEBHOOK_SECRET,
 * the local checkout signs the ones it makes with the local secret. Both are verified by the
 * stripe library (`webhooks.constructEvent`, 300 s tolerance) and applied here.
 *
 * At most once: the event id is inserted into `payment_webhook_events` in the same transaction as
 * its effect; a second delivery (even a concurrent one, which waits on the first's row) finds it
 * and changes nothing; a failed effect rolls the record back so the provider's retry applies it.
 *
 * Any order: each event only moves a subscription forward (see `schema.ts` subscriptions):
 * a payment activates it even after a failure notice; a late failure or expiry never undoes a
 * payment; the provider ending a live subscription is final; the paid period only grows; one
 * invoice per provider invoice, whichever of the events carrying it comes first.
 *
 * A refund made in Stripe's dashboard (`charge.refunded`, the charge given back in full) marks the
 * invoice of its payment refunded; the invoice is found through the provider before the event's
 * transaction ({@link EventFacts}). A partial refund leaves it paid (decisions.md).
 *
 * Renewal (`customer.subscription.updated`): the event's `cancel_at_period_end` / `cancel_at` say
 * whether the subscription renews. The row keeps when its renewal state was known
 * (`renewal_changed_at`: the provider's answer to the member's own call, or an applied event's
 * creation); an event created before that second or in it is older news (our own change echoed
 * back, or an earlier change delivered late) and changes nothing.
 */
import Stripe from 'stripe';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoices, paymentWebhookEvents, subscriptions } from '../../db/schema';
import { nextInvoiceNumber, type Tx } from '../invoices/numbering';
import { idOf, stripeRenews } from './gateways';

export type ProviderName = 'stripe' | 'local';
/** Seconds a signed event stays acceptable (Stripe's default). */
export const WEBHOOK_TOLERANCE_S = 300;

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;

export class WebhookSignatureError extends Error {}

/** Verifies the signature (and its age) with the stripe library; returns the event. */
export function verifyEvent(payload: string | Buffer, header: string | undefined, secret: string, now?: number): Stripe.Event {
  if (!header) throw new WebhookSignatureError('missing signature header');
  try {
    return Stripe.webhooks.constructEvent(payload, header, secret, WEBHOOK_TOLERANCE_S, undefined, now);
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : 'invalid signature');
  }
}

export interface ApplyHooks {
  /** Called in the transaction for each invoice the event created (receipt e-mail). */
  onInvoiceCreated?(tx: Tx, invoice: InvoiceRow, subscription: SubscriptionRow): Promise<void>;
  /** Called in the transaction when the provider's event turned the renewal off or on (the member's e-mail). */
  onRenewalChanged?(tx: Tx, subscription: SubscriptionRow): Promise<void>;
}

/** What the provider said about an event's objects, asked before its transaction. */
export interface EventFacts {
  /** `charge.refunded`: the provider's invoice of the refunded payment. */
  refundedInvoiceId?: string;
}

export interface ApplyResult {
  duplicate: boolean;
  /** What the event did: applied (changed something), ignored (not ours or nothing to change). */
  outcome: 'applied' | 'ignored' | 'duplicate';
  subscriptionId?: number;
  status?: SubscriptionRow['status'];
}

/** Applies a verified event at most once (see the file comment). */
export async function applyEvent(db: Db, provider: ProviderName, event: Stripe.Event, hooks: ApplyHooks = {}, facts: EventFacts = {}): Promise<ApplyResult> {
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(paymentWebhookEvents)
      .values({ provider, eventId: event.id, type: event.type, payload: event as unknown as Record<string, unknown> })
      .onConflictDoNothing()
      .returning({ eventId: paymentWebhookEvents.eventId });
    if (recorded.length === 0) return { duplicate: true, outcome: 'duplicate' };
    const result = await dispatch(tx, provider, event, hooks, facts);
    await tx
      .update(paymentWebhookEvents)
      .set({ processedAt: new Date() })
      .where(and(eq(paymentWebhookEvents.provider, provider), eq(paymentWebhookEvents.eventId, event.id)));
    return { duplicate: false, ...result };
  });
}

type Effect = Omit<ApplyResult, 'duplicate'>;
const ignored: Effect = { outcome: 'ignored' };

const fromUnix = (seconds: number | null | undefined) => (typeof seconds === 'number' ? new Date(seconds * 1000) : undefined);
const metadataId = (metadata: Record<string, string> | null | undefined): number | undefined => {
  const value = Number(metadata?.subscription_id);
  return Number.isInteger(value) && value > 0 && value <= 2_147_483_647 ? value : undefined;
};

async function lockRow(tx: Tx, provider: ProviderName, where: SQL | undefined): Promise<SubscriptionRow | undefined> {
  if (!where) return undefined;
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, provider), where))
    .limit(1)
    .for('update');
  return row;
}

/** The subscription row an event is about: by the provider's ids first, then by our metadata. */
async function findRow(
  tx: Tx,
  provider: ProviderName,
  keys: { sessionId?: string; providerSubscriptionId?: string; metadataId?: number },
): Promise<SubscriptionRow | undefined> {
  if (keys.sessionId) {
    const row = await lockRow(tx, provider, eq(subscriptions.checkoutSessionId, keys.sessionId));
    if (row) return row;
  }
  if (keys.providerSubscriptionId) {
    const row = await lockRow(tx, provider, eq(subscriptions.providerSubscriptionId, keys.providerSubscriptionId));
    if (row) return row;
  }
  if (keys.metadataId) return lockRow(tx, provider, eq(subscriptions.id, keys.metadataId));
  return undefined;
}

function addInterval(start: Date, interval: string): Date {
  const end = new Date(start);
  if (interval === 'month') end.setUTCMonth(end.getUTCMonth() + 1);
  else end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end;
}

/** Subscription fields of an invoice across Stripe API versions (`parent.subscription_details` or the older top-level ones). */
function invoiceSubscription(invoice: Stripe.Invoice): { id?: string; metadata?: Record<string, string> | null } {
  const legacy = invoice as unknown as { subscription?: string | { id: string } | null; subscription_details?: { metadata?: Record<string, string> | null } | null };
  const details = invoice.parent?.subscription_details;
  return {
    id: idOf(details?.subscription as string | { id: string } | null | undefined) ?? idOf(legacy.subscription),
    metadata: details?.metadata ?? legacy.subscription_details?.metadata ?? null,
  };
}

async function dispatch(tx: Tx, provider: ProviderName, event: Stripe.Event, hooks: ApplyHooks, facts: EventFacts): Promise<Effect> {
  const at = fromUnix(event.created) ?? new Date();
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const session = event.data.object;
      if (session.mode !== 'subscription') return ignored;
      const row = await findRow(tx, provider, { sessionId: session.id, metadataId: metadataId(session.metadata) });
      if (!row) return ignored;
      if (event.type === 'checkout.session.expired') return closeCheckout(tx, row, 'canceled');
      if (event.type === 'checkout.session.async_payment_failed') return closeCheckout(tx, row, 'failed');
      // Completed with a payment still on its way (bank debit): the async events follow.
      if (session.payment_status === 'unpaid') return { outcome: 'ignored', subscriptionId: row.id, status: row.status };
      const sessionInvoice = idOf(session.invoice as string | { id: string } | null);
      return recordPayment(tx, row, hooks, {
        providerSubscriptionId: idOf(session.subscription as string | { id: string } | null),
        providerInvoiceId: sessionInvoice ?? `checkout:${session.id}`,
        amount: typeof session.amount_total === 'number' ? session.amount_total / 100 : row.price,
        currency: (session.currency ?? row.currency).toUpperCase(),
        paymentMethod: session.metadata?.payment_method ?? 'card',
        paidAt: at,
      });
    }
    case 'invoice.paid':
    case 'invoice.payment_succeeded': {
      const invoice = event.data.object;
      const parent = invoiceSubscription(invoice);
      const row = await findRow(tx, provider, { providerSubscriptionId: parent.id, metadataId: metadataId(parent.metadata) });
      if (!row || !invoice.id) return ignored;
      const period = invoice.lines?.data?.[0]?.period;
      return recordPayment(tx, row, hooks, {
        providerSubscriptionId: parent.id,
        providerInvoiceId: invoice.id,
        amount: invoice.amount_paid / 100,
        currency: invoice.currency.toUpperCase(),
        paidAt: fromUnix(invoice.status_transitions?.paid_at) ?? at,
        periodStart: fromUnix(period?.start),
        periodEnd: fromUnix(period?.end),
      });
    }
    case 'invoice.voided': {
      const invoice = event.data.object;
      if (!invoice.id) return ignored;
      const updated = await tx
        .update(invoices)
        .set({ status: 'canceled', canceledAt: at })
        .where(and(eq(invoices.provider, provider), eq(invoices.providerInvoiceId, invoice.id), eq(invoices.status, 'paid')))
        .returning({ id: invoices.id });
      return updated.length ? { outcome: 'applied' } : ignored;
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      // Given back in full only (`refunded`): a partial refund leaves the invoice paid.
      if (!charge.refunded || !facts.refundedInvoiceId) return ignored;
      const updated = await tx
        .update(invoices)
        .set({ status: 'refunded', refundedAt: at, providerRefundId: charge.refunds?.data?.[0]?.id ?? null })
        .where(and(eq(invoices.provider, provider), eq(invoices.providerInvoiceId, facts.refundedInvoiceId), eq(invoices.status, 'paid')))
        .returning({ subscriptionId: invoices.subscriptionId });
      return updated[0] ? { outcome: 'applied', subscriptionId: updated[0].subscriptionId ?? undefined } : ignored;
    }
    case 'customer.subscription.updated': {
      const subscription = event.data.object;
      const row = await findRow(tx, provider, { providerSubscriptionId: subscription.id, metadataId: metadataId(subscription.metadata) });
      if (!row) return ignored;
      const same = { outcome: 'ignored' as const, subscriptionId: row.id, status: row.status };
      // Ended (final): there is no renewal to speak of any more.
      if (row.endedAt) return same;
      // The row holds a renewal state from the event's second or later: this event is older news.
      if (row.renewalChangedAt && Math.floor(row.renewalChangedAt.getTime() / 1000) >= event.created) return same;
      const cancelAtPeriodEnd = !stripeRenews(subscription);
      const [updated] = await tx
        .update(subscriptions)
        .set({ cancelAtPeriodEnd, renewalChangedAt: at, providerSubscriptionId: row.providerSubscriptionId ?? subscription.id })
        .where(eq(subscriptions.id, row.id))
        .returning();
      if (cancelAtPeriodEnd === row.cancelAtPeriodEnd) return same;
      if (updated && updated.status === 'active' && hooks.onRenewalChanged) await hooks.onRenewalChanged(tx, updated);
      return { outcome: 'applied', subscriptionId: row.id, status: row.status };
    }
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const row = await findRow(tx, provider, { providerSubscriptionId: subscription.id, metadataId: metadataId(subscription.metadata) });
      if (!row) return ignored;
      if (row.endedAt) return { outcome: 'ignored', subscriptionId: row.id, status: row.status };
      const [updated] = await tx
        .update(subscriptions)
        .set({ status: 'canceled', endedAt: at, canceledAt: row.canceledAt ?? at, providerSubscriptionId: row.providerSubscriptionId ?? subscription.id })
        .where(eq(subscriptions.id, row.id))
        .returning();
      return { outcome: 'applied', subscriptionId: row.id, status: updated?.status };
    }
    default:
      return ignored;
  }
}

/** A checkout that failed or was abandoned: only a still-open (pending) one changes. */
async function closeCheckout(tx: Tx, row: SubscriptionRow, status: 'failed' | 'canceled'): Promise<Effect> {
  if (row.status !== 'pending') return { outcome: 'ignored', subscriptionId: row.id, status: row.status };
  await tx
    .update(subscriptions)
    .set({ status, canceledAt: status === 'canceled' ? new Date() : null })
    .where(eq(subscriptions.id, row.id));
  return { outcome: 'applied', subscriptionId: row.id, status };
}

interface Payment {
  providerSubscriptionId?: string;
  providerInvoiceId: string;
  amount: number;
  currency: string;
  paymentMethod?: string;
  paidAt: Date;
  periodStart?: Date;
  periodEnd?: Date;
}

/** A payment: activates (unless ended), extends the period, records the invoice once. */
async function recordPayment(tx: Tx, row: SubscriptionRow, hooks: ApplyHooks, payment: Payment): Promise<Effect> {
  const start = payment.periodStart ?? row.currentPeriodStart ?? payment.paidAt;
  const end = payment.periodEnd ?? addInterval(start, row.interval);
  const keepsLaterPeriod = row.currentPeriodEnd !== null && row.currentPeriodEnd >= end;
  const ended = row.endedAt !== null;
  const [updated] = await tx
    .update(subscriptions)
    .set({
      status: ended ? row.status : 'active',
      canceledAt: ended ? row.canceledAt : null,
      providerSubscriptionId: row.providerSubscriptionId ?? payment.providerSubscriptionId ?? null,
      paymentMethod: payment.paymentMethod ?? row.paymentMethod ?? 'card',
      currentPeriodStart: keepsLaterPeriod ? row.currentPeriodStart : start,
      currentPeriodEnd: keepsLaterPeriod ? row.currentPeriodEnd : end,
    })
    .where(eq(subscriptions.id, row.id))
    .returning();
  const subscription = updated ?? row;

  // One invoice per provider invoice. The row lock above serialises the events of this
  // subscription, so the check below sees any invoice another event committed meanwhile.
  const [existing] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.provider, row.provider), eq(invoices.providerInvoiceId, payment.providerInvoiceId)))
    .limit(1);
  if (!existing) {
    const number = await nextInvoiceNumber(tx);
    const [invoice] = await tx
      .insert(invoices)
      .values({
        number,
        userId: row.userId,
        subscriptionId: row.id,
        planId: row.planId,
        amount: payment.amount,
        currency: payment.currency,
        status: 'paid',
        provider: row.provider,
        providerInvoiceId: payment.providerInvoiceId,
        periodStart: start,
        periodEnd: end,
        paymentMethod: subscription.paymentMethod,
        issuedAt: payment.paidAt,
      })
      .returning();
    if (invoice && hooks.onInvoiceCreated) await hooks.onInvoiceCreated(tx, invoice, subscription);
  }
  return { outcome: 'applied', subscriptionId: row.id, status: subscription.status };
}
