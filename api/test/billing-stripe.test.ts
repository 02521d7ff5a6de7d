/**
 * Stripe mode (STRIPE_SECRET_KEY + STRIPE_WEBHOOK_SECRET set): the Checkout Session the API asks
 * Stripe for (a local fake of the Stripe API records it), and the webhook with signatures made by
 * the stripe library's own test helper: valid, tampered, stale, repeated, out of order; an
 * administrator ending a subscription (the refund of its invoice's PaymentIntent, the cancellation).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validationMessages } from '@scholars/shared-contracts/schemas';
import { auditLog, invoices, mailOutbox, subscriptions } from '../src/db/schema';
import { bearer, build, createUser, getJson, postJson, signIn, type TestApp } from './helper';

const WEBHOOK_SECRET = 'whsec_test_billing_stripe_0123456789abcdef';

/** What the fake Stripe API received, and whether it should fail the next call. */
const stripeCalls: Array<{ method: string; path: string; body: URLSearchParams; idempotencyKey?: string }> = [];
/** Calls to fail from now (the client retries once). */
let failCalls = 0;
/** Calls to fail from now whose method and path match (`DELETE /v1/subscriptions/...`). */
let failMatching: { pattern: RegExp; times: number } | null = null;
/** How long the fake takes to answer a cancellation (two ends in flight at once). */
let cancelDelayMs = 0;
/** Stripe's own `customer.subscription.deleted` for a cancellation, delivered before the cancellation is answered. */
let echoDeletion = false;
let sessionCounter = 0;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (data += chunk));
    request.on('end', () => resolve(data));
    request.on('error', reject);
  });
}

let server: Server;
let app: TestApp;

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = new URLSearchParams(await readBody(request));
    stripeCalls.push({ method: request.method ?? '', path: request.url ?? '', body, idempotencyKey: request.headers['idempotency-key'] as string | undefined });
    response.setHeader('content-type', 'application/json');
    const failThis = failMatching !== null && failMatching.times > 0 && failMatching.pattern.test(`${request.method} ${request.url}`);
    if (failThis) failMatching!.times -= 1;
    if (failCalls > 0 || failThis) {
      if (!failThis) failCalls -= 1;
      response.statusCode = 500;
      response.end(JSON.stringify({ error: { type: 'api_error', message: 'boom' } }));
      return;
    }
    // An invoice's payments (the refund finds the PaymentIntent there), a refund, a cancellation.
    const invoicePayments = /^\/v1\/invoice_payments\?(.*)$/.exec(request.url ?? '');
    if (invoicePayments) {
      const query = new URLSearchParams(invoicePayments[1]);
      // By payment (a refund made in the dashboard): the PaymentIntents this fake makes are `pi_for_<invoice>`.
      const byPayment = query.get('payment[payment_intent]');
      if (byPayment !== null) {
        const owner = /^pi_for_(.+)$/.exec(byPayment)?.[1];
        const data = owner ? [{ id: `inpay_${owner}`, object: 'invoice_payment', invoice: owner, status: 'paid', payment: { type: 'payment_intent', payment_intent: byPayment } }] : [];
        response.end(JSON.stringify({ object: 'list', url: '/v1/invoice_payments', has_more: false, data }));
        return;
      }
      const invoice = query.get('invoice');
      response.end(
        JSON.stringify({
          object: 'list',
          url: '/v1/invoice_payments',
          has_more: false,
          data: [{ id: `inpay_${invoice}`, object: 'invoice_payment', invoice, status: 'paid', payment: { type: 'payment_intent', payment_intent: `pi_for_${invoice}` } }],
        }),
      );
      return;
    }
    if (request.url === '/v1/refunds') {
      response.end(JSON.stringify({ id: `re_test_${body.get('payment_intent')}`, object: 'refund', status: 'succeeded', amount: Number(body.get('amount')) }));
      return;
    }
    const canceled = request.method === 'DELETE' ? /^\/v1\/subscriptions\/([\w-]+)$/.exec(request.url ?? '') : null;
    if (canceled) {
      if (cancelDelayMs) await new Promise((resolve) => setTimeout(resolve, cancelDelayMs));
      if (echoDeletion) expect((await deliver(event('customer.subscription.deleted', { id: canceled[1], object: 'subscription', status: 'canceled' }))).statusCode).toBe(200);
      response.end(JSON.stringify({ id: canceled[1], object: 'subscription', status: 'canceled', cancel_at_period_end: false, cancel_at: null }));
      return;
    }
    // A subscription update answers the subscription as Stripe does (the renewal fields as set).
    const updated = /^\/v1\/subscriptions\/([\w-]+)$/.exec(request.url ?? '');
    if (updated) {
      const cancelAt = body.get('cancel_at');
      response.end(
        JSON.stringify({
          id: updated[1],
          object: 'subscription',
          status: 'active',
          cancel_at_period_end: body.get('cancel_at_period_end') === 'true',
          cancel_at: cancelAt ? Number(cancelAt) : null,
        }),
      );
      return;
    }
    sessionCounter += 1;
    const id = `cs_test_${sessionCounter}`;
    response.end(JSON.stringify({ id, object: 'checkout.session', mode: 'subscription', url: `https://checkout.stripe.com/c/pay/${id}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  process.env.STRIPE_SECRET_KEY = 'sk_test_billing_fake_key';
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.STRIPE_API_BASE = `http://127.0.0.1:${port}`;
  try {
    app = await build();
  } finally {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_WEBHOOK_SECRET;
    delete process.env.STRIPE_API_BASE;
  }
});

afterAll(async () => {
  await app?.cleanup();
  await new Promise((resolve) => server?.close(resolve));
});

async function buyer(planId = 1) {
  const user = await createUser(app, { locale: 'en' });
  const headers = bearer(await signIn(app, user));
  const { status, body } = await postJson(app, '/api/stripe/create-subscription', { planId, userId: user.id, active: false }, headers);
  expect(status, JSON.stringify(body)).toBe(200);
  const [row] = await app.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
  return { user, headers, body, row: row! };
}

let eventCounter = 0;
function event(type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) {
  eventCounter += 1;
  return JSON.stringify({ id: `evt_test_${eventCounter}_${Date.now()}`, object: 'event', type, created, livemode: false, data: { object } });
}

function deliver(payload: string, signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })) {
  return app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

const completed = (row: { id: number; checkoutSessionId: string | null }, invoiceId: string, subscriptionId: string) => ({
  id: row.checkoutSessionId,
  object: 'checkout.session',
  mode: 'subscription',
  status: 'complete',
  payment_status: 'paid',
  amount_total: 29_900,
  currency: 'aed',
  subscription: subscriptionId,
  invoice: invoiceId,
  metadata: { subscription_id: String(row.id) },
});

const paidInvoice = (row: { id: number }, invoiceId: string, subscriptionId: string, start: number, end: number) => ({
  id: invoiceId,
  object: 'invoice',
  amount_paid: 29_900,
  currency: 'aed',
  status: 'paid',
  status_transitions: { paid_at: start },
  parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata: { subscription_id: String(row.id) } } },
  lines: { object: 'list', data: [{ period: { start, end } }] },
});

describe('Stripe Checkout', () => {
  it('creates a subscription-mode session with a yearly AED price, our metadata and the return pages', async () => {
    stripeCalls.length = 0;
    const { body, row } = await buyer(2);
    expect(body).toMatchObject({ status: true, active: false, data: { checkout_url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_\d+$/) } });
    expect(row).toMatchObject({ provider: 'stripe', status: 'pending', checkoutSessionId: expect.stringMatching(/^cs_test_/) });
    const call = stripeCalls.at(-1)!;
    expect(call.path).toBe('/v1/checkout/sessions');
    expect(call.idempotencyKey).toBe(`scholars-checkout-${row.id}`);
    const p = call.body;
    expect(p.get('mode')).toBe('subscription');
    expect(p.get('line_items[0][price_data][currency]')).toBe('aed');
    expect(p.get('line_items[0][price_data][unit_amount]')).toBe('69900');
    expect(p.get('line_items[0][price_data][recurring][interval]')).toBe('year');
    expect(p.get('line_items[0][price_data][product_data][name]')).toBe('Professional Plan');
    expect(p.get('metadata[subscription_id]')).toBe(String(row.id));
    expect(p.get('subscription_data[metadata][subscription_id]')).toBe(String(row.id));
    expect(p.get('success_url')).toBe('http://localhost:8080/success?session_id={CHECKOUT_SESSION_ID}');
    expect(p.get('cancel_url')).toBe('http://localhost:8080/failed?reason=canceled');
  });

  it('answers 502 with the spec text when Stripe fails, and marks the attempt failed', async () => {
    const user = await createUser(app);
    failCalls = 2;
    const { status, body } = await postJson(app, '/api/stripe/create-subscription', { planId: 1, userId: user.id, active: false }, bearer(await signIn(app, user)));
    expect(status).toBe(502);
    expect(body).toMatchObject({ status: false, err: 'payment_provider_failed', msg: validationMessages.en.subscriptionCreateFailed });
    expect((await app.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id)))[0]?.status).toBe('failed');
  });

  it('turns the local checkout off (404)', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/payments/local-checkout/lcs_abcdefghijklmnopqrstuvwx' });
    expect(page.statusCode).toBe(404);
    const hook = await app.inject({ method: 'POST', url: '/api/payments/local/webhook', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(hook.statusCode).toBe(404);
  });
});

describe('Stripe webhook', () => {
  it('accepts a valid signature, refuses a tampered body and a stale timestamp, applies a repeated event once', async () => {
    const { row } = await buyer(1);
    const payload = event('checkout.session.completed', completed(row, `in_test_${row.id}`, `sub_test_${row.id}`));

    const tampered = await deliver(payload.replace('"amount_total":29900', '"amount_total":1'), Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }));
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json()).toMatchObject({ status: false, msg: validationMessages.en.webhookSignatureInvalid });
    const stale = await deliver(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 301 }));
    expect(stale.statusCode).toBe(400);
    const wrongSecret = await deliver(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' }));
    expect(wrongSecret.statusCode).toBe(400);
    const noHeader = await app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json' }, payload });
    expect(noHeader.statusCode).toBe(400);
    expect((await app.db.select().from(subscriptions).where(eq(subscriptions.id, row.id)))[0]?.status).toBe('pending');

    const ok = await deliver(payload);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: true, data: { received: true, duplicate: false } });
    const again = await deliver(payload);
    expect(again.json()).toEqual({ status: true, data: { received: true, duplicate: true } });

    const [after] = await app.db.select().from(subscriptions).where(eq(subscriptions.id, row.id));
    expect(after).toMatchObject({ status: 'active', providerSubscriptionId: `sub_test_${row.id}`, paymentMethod: 'card' });
    const bills = await app.db.select().from(invoices).where(eq(invoices.subscriptionId, row.id));
    expect(bills).toHaveLength(1);
    expect(bills[0]).toMatchObject({ amount: 299, currency: 'AED', status: 'paid', provider: 'stripe', providerInvoiceId: `in_test_${row.id}` });
  });

  it('one invoice whichever of checkout.session.completed and invoice.paid comes first; renewals extend the period', async () => {
    const { row } = await buyer(1);
    const now = Math.floor(Date.now() / 1000);
    const year = 365 * 86_400;
    const invoiceId = `in_first_${row.id}`;
    const subId = `sub_order_${row.id}`;
    // invoice.paid first (found through the subscription metadata), then the session.
    expect((await deliver(event('invoice.paid', paidInvoice(row, invoiceId, subId, now, now + year)))).statusCode).toBe(200);
    expect((await deliver(event('checkout.session.completed', completed(row, invoiceId, subId)))).statusCode).toBe(200);
    expect(await app.db.select().from(invoices).where(eq(invoices.subscriptionId, row.id))).toHaveLength(1);

    // A renewal a year later, then a stale copy of the first invoice: the period only grows.
    await deliver(event('invoice.paid', paidInvoice(row, `in_renewal_${row.id}`, subId, now + year, now + 2 * year)));
    await deliver(event('invoice.paid', paidInvoice(row, invoiceId, subId, now, now + year)));
    const bills = await app.db.select().from(invoices).where(eq(invoices.subscriptionId, row.id));
    expect(bills.map((bill) => bill.number)).toHaveLength(2);
    expect(new Set(bills.map((bill) => bill.number)).size).toBe(2);
    const [after] = await app.db.select().from(subscriptions).where(eq(subscriptions.id, row.id));
    expect(after?.status).toBe('active');
    expect(after?.currentPeriodEnd?.getTime()).toBe((now + 2 * year) * 1000);

    // A voided invoice becomes canceled.
    await deliver(event('invoice.voided', { id: `in_renewal_${row.id}`, object: 'invoice' }));
    const voided = await app.db.select().from(invoices).where(eq(invoices.providerInvoiceId, `in_renewal_${row.id}`));
    expect(voided[0]?.status).toBe('canceled');
  });

  it('the provider ending a subscription is final, even before the payment event arrives', async () => {
    const { row } = await buyer(3);
    const subId = `sub_ended_${row.id}`;
    const deleted = { id: subId, object: 'subscription', status: 'canceled', metadata: { subscription_id: String(row.id) } };
    expect((await deliver(event('customer.subscription.deleted', deleted))).statusCode).toBe(200);
    await deliver(event('checkout.session.completed', completed(row, `in_ended_${row.id}`, subId)));
    const [after] = await app.db.select().from(subscriptions).where(eq(subscriptions.id, row.id));
    expect(after?.status).toBe('canceled');
    expect(after?.endedAt).toBeInstanceOf(Date);
    // The money was taken: the invoice exists.
    expect(await app.db.select().from(invoices).where(eq(invoices.subscriptionId, row.id))).toHaveLength(1);
  });

  it('a failed or expired session only closes a pending checkout', async () => {
    const { row } = await buyer(2);
    const session = { ...completed(row, '', ''), payment_status: 'unpaid', invoice: null, subscription: null };
    await deliver(event('checkout.session.expired', session));
    expect((await app.db.select().from(subscriptions).where(eq(subscriptions.id, row.id)))[0]?.status).toBe('canceled');
    const other = await buyer(2);
    await deliver(event('checkout.session.completed', completed(other.row, `in_x_${other.row.id}`, `sub_x_${other.row.id}`)));
    await deliver(event('checkout.session.async_payment_failed', { ...completed(other.row, '', ''), payment_status: 'unpaid' }));
    expect((await app.db.select().from(subscriptions).where(eq(subscriptions.id, other.row.id)))[0]?.status).toBe('active');
  });

  it('acknowledges event types it does not use', async () => {
    const answer = await deliver(event('customer.created', { id: 'cus_1', object: 'customer' }));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ status: true, data: { duplicate: false } });
  });
});

describe('renewal with Stripe', () => {
  async function active() {
    const bought = await buyer(1);
    const subId = `sub_renewal_${bought.row.id}`;
    expect((await deliver(event('checkout.session.completed', completed(bought.row, `in_renewal_first_${bought.row.id}`, subId)))).statusCode).toBe(200);
    return { ...bought, subId };
  }
  const put = (id: number, autoRenew: boolean, headers: Record<string, string>) =>
    app.inject({ method: 'PUT', url: `/api/subscriptions/${id}/renewal`, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify({ auto_renew: autoRenew }) });
  const rowOf = async (id: number) => (await app.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;

  it("sets cancel_at_period_end on Stripe's subscription, and stores what Stripe answered", async () => {
    const { headers, row, subId } = await active();
    stripeCalls.length = 0;
    const off = await put(row.id, false, headers);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ auto_renew: false, next_billing_date: null });
    expect(stripeCalls.map((call) => call.path)).toEqual([`/v1/subscriptions/${subId}`]);
    expect(stripeCalls[0]!.body.get('cancel_at_period_end')).toBe('true');
    expect((await rowOf(row.id)).cancelAtPeriodEnd).toBe(true);

    stripeCalls.length = 0;
    const on = await put(row.id, true, headers);
    expect(on.json().data).toMatchObject({ auto_renew: true, next_billing_date: expect.any(String) });
    expect(stripeCalls[0]!.body.get('cancel_at_period_end')).toBe('false');
    expect((await rowOf(row.id)).cancelAtPeriodEnd).toBe(false);
  });

  it('Stripe failing: 502 with the reason, nothing changed, no e-mail', async () => {
    const { user, headers, row } = await active();
    failCalls = 2;
    const answer = await put(row.id, false, headers);
    expect(answer.statusCode).toBe(502);
    expect(answer.json()).toMatchObject({ status: false, err: 'payment_provider_failed', msg: validationMessages.en.subscriptionRenewalFailed });
    expect((await rowOf(row.id)).cancelAtPeriodEnd).toBe(false);
    const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    expect(mails.filter((mail) => mail.template.startsWith('subscription_renewal'))).toHaveLength(0);
  });

  it("a member who cancels from Stripe's side (customer.subscription.updated) sees it here, and turning it back on there too", async () => {
    const { user, headers, row, subId } = await active();
    const now = Math.floor(Date.now() / 1000);
    const subscription = (fields: Record<string, unknown>) => ({ id: subId, object: 'subscription', status: 'active', cancel_at_period_end: false, cancel_at: null, metadata: { subscription_id: String(row.id) }, ...fields });
    expect((await deliver(event('customer.subscription.updated', subscription({ cancel_at_period_end: true }), now + 1))).statusCode).toBe(200);
    expect((await rowOf(row.id)).cancelAtPeriodEnd).toBe(true);
    const mine = await app.inject({ method: 'GET', url: '/api/subscriptions/mine', headers });
    expect(mine.json().data[0]).toMatchObject({ id: row.id, auto_renew: false, next_billing_date: null, status: 'active' });
    await deliver(event('customer.subscription.updated', subscription({ cancel_at_period_end: false }), now + 2));
    expect((await rowOf(row.id)).cancelAtPeriodEnd).toBe(false);
    // In the order they were queued (PostgreSQL returns rows in no set order without ORDER BY).
    const templates = (await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email)).orderBy(asc(mailOutbox.id))).map((mail) => mail.template);
    expect(templates.filter((template) => template.startsWith('subscription_renewal'))).toEqual(['subscription_renewal_off', 'subscription_renewal_on']);
    // At the period's end Stripe deletes it: final, and the renewal can no longer be changed.
    await deliver(event('customer.subscription.deleted', subscription({ status: 'canceled' }), now + 3));
    expect((await put(row.id, true, headers)).statusCode).toBe(409);
  });
});

describe('an administrator ending a Stripe subscription', () => {
  async function paid() {
    const bought = await buyer(1);
    const subId = `sub_end_${bought.row.id}`;
    const invoiceId = `in_end_${bought.row.id}`;
    expect((await deliver(event('checkout.session.completed', completed(bought.row, invoiceId, subId)))).statusCode).toBe(200);
    const admin = await createUser(app, { role: 'admin' });
    return { ...bought, subId, invoiceId, adminHeaders: bearer(await signIn(app, admin)) };
  }
  const rowOf = async (id: number) => (await app.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
  const invoiceOf = async (subscriptionId: number) => (await app.db.select().from(invoices).where(eq(invoices.subscriptionId, subscriptionId)))[0]!;

  it("refunds the invoice's PaymentIntent in full, then cancels at Stripe, each with its idempotency key; Stripe's own deletion later changes nothing", async () => {
    const { row, subId, invoiceId, adminHeaders } = await paid();
    const invoice = await invoiceOf(row.id);
    stripeCalls.length = 0;
    const answer = await postJson(app, `/api/admin/subscriptions/${row.id}/end`, { reason: 'Refund asked for within 14 days.', refund: true }, adminHeaders);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(stripeCalls.map((call) => `${call.method} ${call.path.split('?')[0]}`)).toEqual(['GET /v1/invoice_payments', 'POST /v1/refunds', `DELETE /v1/subscriptions/${subId}`]);
    expect(new URLSearchParams(stripeCalls[0]!.path.split('?')[1]).get('invoice')).toBe(invoiceId);
    expect(stripeCalls[1]!.body.get('payment_intent')).toBe(`pi_for_${invoiceId}`);
    expect(stripeCalls[1]!.body.get('amount')).toBe('29900');
    expect(stripeCalls[1]!.idempotencyKey).toBe(`scholars-refund-${invoice.id}`);
    expect(stripeCalls[2]!.idempotencyKey).toBe(`scholars-end-${row.id}`);
    const ended = await rowOf(row.id);
    expect(ended).toMatchObject({ status: 'canceled', endedAt: expect.any(Date) });
    expect(await invoiceOf(row.id)).toMatchObject({ status: 'refunded', providerRefundId: `re_test_pi_for_${invoiceId}` });

    const deleted = await deliver(event('customer.subscription.deleted', { id: subId, object: 'subscription', status: 'canceled', metadata: { subscription_id: String(row.id) } }));
    expect(deleted.statusCode).toBe(200);
    expect((await rowOf(row.id)).endedAt?.toISOString()).toBe(ended.endedAt!.toISOString());
  });

  it("Stripe's own deletion arriving before the end is recorded: the end, the refund, the audit entry and the e-mail are recorded all the same", async () => {
    const { user, row, adminHeaders } = await paid();
    echoDeletion = true;
    const answer = await postJson(app, `/api/admin/subscriptions/${row.id}/end`, { reason: 'Refund asked for.', refund: true }, adminHeaders);
    echoDeletion = false;
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((await rowOf(row.id)).endedAt).not.toBeNull();
    expect((await invoiceOf(row.id)).status).toBe('refunded');
    const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    expect(mails.filter((mail) => mail.template === 'subscription_ended_by_staff')).toHaveLength(1);
    expect(await app.db.select().from(auditLog).where(and(eq(auditLog.action, 'subscription.end'), eq(auditLog.targetId, user.id)))).toHaveLength(1);
  });

  it('two administrators ending it at once (both past the checks while Stripe answers): one ends it, the other is told it is over; one e-mail, one audit entry', async () => {
    const { user, row, adminHeaders } = await paid();
    const second = await createUser(app, { role: 'admin' });
    cancelDelayMs = 300;
    const answers = await Promise.all(
      [adminHeaders, bearer(await signIn(app, second))].map((headers) => postJson(app, `/api/admin/subscriptions/${row.id}/end`, { reason: 'Paid twice by mistake.', refund: true }, headers)),
    );
    cancelDelayMs = 0;
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.msg).toBe(validationMessages.en.subscriptionNotLive);
    const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    expect(mails.filter((mail) => mail.template === 'subscription_ended_by_staff')).toHaveLength(1);
    const entries = await app.db.select().from(auditLog).where(and(eq(auditLog.action, 'subscription.end'), eq(auditLog.targetId, user.id)));
    expect(entries).toHaveLength(1);
    expect((await invoiceOf(row.id)).status).toBe('refunded');
  });

  it('Stripe failing to cancel after the refund: 502, nothing recorded, no e-mail; the retry refunds nothing twice (same key) and ends it', async () => {
    const { user, row, subId, adminHeaders } = await paid();
    const invoice = await invoiceOf(row.id);
    stripeCalls.length = 0;
    failMatching = { pattern: new RegExp(`^DELETE /v1/subscriptions/${subId}$`), times: 2 };
    const failed = await postJson(app, `/api/admin/subscriptions/${row.id}/end`, { reason: 'Chargeback opened by the bank.', refund: true }, adminHeaders);
    failMatching = null;
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ status: false, err: 'payment_provider_failed', msg: validationMessages.en.subscriptionEndFailed });
    expect((await rowOf(row.id)).endedAt).toBeNull();
    expect((await invoiceOf(row.id)).status).toBe('paid');
    const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    expect(mails.filter((mail) => mail.template === 'subscription_ended_by_staff')).toHaveLength(0);

    stripeCalls.length = 0;
    const retried = await postJson(app, `/api/admin/subscriptions/${row.id}/end`, { reason: 'Chargeback opened by the bank.', refund: true }, adminHeaders);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(stripeCalls.find((call) => call.path === '/v1/refunds')?.idempotencyKey).toBe(`scholars-refund-${invoice.id}`);
    expect((await rowOf(row.id)).endedAt).not.toBeNull();
    expect((await invoiceOf(row.id)).status).toBe('refunded');
  });
});

describe("a refund made in Stripe's dashboard", () => {
  async function paidInvoice() {
    const bought = await buyer(1);
    const invoiceId = `in_dash_${bought.row.id}`;
    expect((await deliver(event('checkout.session.completed', completed(bought.row, invoiceId, `sub_dash_${bought.row.id}`)))).statusCode).toBe(200);
    return { ...bought, invoiceId };
  }
  const refundedCharge = (paymentIntent: string, refunded: boolean, amountRefunded = refunded ? 29_900 : 5_000) => ({
    id: `ch_${paymentIntent}`,
    object: 'charge',
    amount: 29_900,
    amount_refunded: amountRefunded,
    refunded,
    currency: 'aed',
    payment_intent: paymentIntent,
    refunds: { object: 'list', data: [{ id: `re_dash_${paymentIntent}`, object: 'refund', amount: amountRefunded }] },
  });
  const invoiceRow = async (invoiceId: string) => (await app.db.select().from(invoices).where(eq(invoices.providerInvoiceId, invoiceId)))[0]!;

  it('given back in full: the invoice of its payment is refunded (found through Stripe), and the member sees it', async () => {
    const { headers, invoiceId } = await paidInvoice();
    stripeCalls.length = 0;
    const answer = await deliver(event('charge.refunded', refundedCharge(`pi_for_${invoiceId}`, true)));
    expect(answer.statusCode).toBe(200);
    expect(stripeCalls.map((call) => `${call.method} ${call.path.split('?')[0]}`)).toEqual(['GET /v1/invoice_payments']);
    expect(new URLSearchParams(stripeCalls[0]!.path.split('?')[1]).get('payment[payment_intent]')).toBe(`pi_for_${invoiceId}`);
    expect(await invoiceRow(invoiceId)).toMatchObject({ status: 'refunded', refundedAt: expect.any(Date), providerRefundId: `re_dash_pi_for_${invoiceId}` });
    const mine = await getJson(app, '/api/invoices/mine', headers);
    expect(mine.body.data).toEqual([expect.objectContaining({ status: 'refunded', refunded_at: expect.any(String) })]);

    // Delivered again: nothing changes; the console's refund then finds nothing to give back.
    expect((await deliver(event('charge.refunded', refundedCharge(`pi_for_${invoiceId}`, true)))).statusCode).toBe(200);
    expect((await invoiceRow(invoiceId)).status).toBe('refunded');
  });

  it('a partial refund leaves the invoice paid; a payment of no invoice of ours changes nothing', async () => {
    const { invoiceId } = await paidInvoice();
    expect((await deliver(event('charge.refunded', refundedCharge(`pi_for_${invoiceId}`, false)))).statusCode).toBe(200);
    expect((await invoiceRow(invoiceId)).status).toBe('paid');
    stripeCalls.length = 0;
    expect((await deliver(event('charge.refunded', refundedCharge('pi_someone_elses', true)))).statusCode).toBe(200);
    expect(stripeCalls).toHaveLength(1);
    expect((await invoiceRow(invoiceId)).status).toBe('paid');
  });

  it('Stripe not answering the lookup: 500 and nothing recorded, so its retry of the event applies it', async () => {
    const { invoiceId } = await paidInvoice();
    const payload = event('charge.refunded', refundedCharge(`pi_for_${invoiceId}`, true));
    failMatching = { pattern: /^GET \/v1\/invoice_payments/, times: 2 };
    const failed = await deliver(payload);
    failMatching = null;
    expect(failed.statusCode).toBe(500);
    expect((await invoiceRow(invoiceId)).status).toBe('paid');
    const retried = await deliver(payload);
    expect(retried.json()).toEqual({ status: true, data: { received: true, duplicate: false } });
    expect((await invoiceRow(invoiceId)).status).toBe('refunded');
  });
});
