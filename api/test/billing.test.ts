/**
 * Buying a plan with the built-in local checkout (no Stripe keys): create-subscription answers,
 * the checkout page, pay / fail / cancel through the same webhook code path, subscriptions,
 * invoices (numbers under concurrency), PDF receipts and receipt e-mails, and owner-only access.
 */
import Stripe from 'stripe';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatInvoiceNumber, validationMessages } from '@scholars/shared-contracts/schemas';
import { invoices, mailOutbox, paymentWebhookEvents, subscriptions } from '../src/db/schema';
import { localEvent, signPayload } from '../src/lib/payments/gateways';
import { createUser, getJson, postJson, useApp, type TestApp, type TestUser, signedInUser } from './helper';

// The local checkout's events are signed with this secret (tests sign some themselves).
const LOCAL_SECRET = 'billing-test-local-payments-secret-0123456789';
process.env.LOCAL_PAYMENTS_SECRET = LOCAL_SECRET;

const getApp = useApp();

/** The buyer's checkout cookie of each local checkout page this file started (the browser keeps it). */
const buyerCookies = new Map<string, string>();

async function createSubscription(app: TestApp, user: TestUser, headers: Record<string, string>, planId: number, active = false, extra: Record<string, string> = {}) {
  const answer = await postJson(app, '/api/stripe/create-subscription', { planId, userId: user.id, active }, { ...headers, ...extra });
  const url = (answer.body.data as { checkout_url?: string } | undefined)?.checkout_url;
  const cookie = answer.response.cookies.find((c) => c.name === 'checkout_buyer');
  if (url && cookie) buyerCookies.set(new URL(url).pathname, `${cookie.name}=${cookie.value}`);
  return answer;
}

/** Presses a button of the local checkout page (a form post, as the buyer's browser does; `asBuyer: false`: without its cookie). */
function press(app: TestApp, checkoutUrl: string, action: 'pay' | 'fail' | 'cancel', asBuyer = true) {
  const pathname = new URL(checkoutUrl).pathname;
  const cookie = asBuyer ? buyerCookies.get(pathname) : undefined;
  return app.inject({
    method: 'POST',
    url: pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    payload: `action=${action}`,
  });
}

async function checkoutUrl(app: TestApp, user: TestUser, headers: Record<string, string>, planId: number, active = false) {
  const { status, body } = await createSubscription(app, user, headers, planId, active);
  expect(status, JSON.stringify(body)).toBe(200);
  const url = (body.data as { checkout_url: string }).checkout_url;
  expect(url).toMatch(/\/api\/payments\/local-checkout\/lcs_[A-Za-z0-9_-]+\?lang=(en|ar)$/);
  return url;
}

async function subscriptionRows(app: TestApp, userId: number) {
  return app.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
}

describe('POST stripe/create-subscription', () => {
  it('refuses a visitor (401)', async () => {
    const { status, body } = await postJson(getApp(), '/api/stripe/create-subscription', { planId: 1, userId: 1, active: false });
    expect(status).toBe(401);
    expect(body.status).toBe(false);
  });

  it('refuses buying for another user (403), an unknown plan (404) and a bad payload (400)', async () => {
    const app = getApp();
    const { user, headers } = await signedInUser(app);
    const other = await createUser(app);
    expect((await postJson(app, '/api/stripe/create-subscription', { planId: 1, userId: other.id, active: false }, headers)).status).toBe(403);
    const unknown = await createSubscription(app, user, headers, 999_999);
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe(validationMessages.en.planUnavailable);
    const bad = await postJson(app, '/api/stripe/create-subscription', { planId: 'x', userId: user.id }, headers);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors as object)).toEqual(expect.arrayContaining(['planId', 'active']));
  });

  it('accepts ids as strings (localStorage holds user_id as text)', async () => {
    const app = getApp();
    const { user, headers } = await signedInUser(app);
    const { status, body } = await postJson(app, '/api/stripe/create-subscription', { planId: '1', userId: String(user.id), active: false }, headers);
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: true, active: false });
  });

  it('without a subscription: a checkout address and active: false', async () => {
    const app = getApp();
    const { user, headers } = await signedInUser(app);
    const { body } = await createSubscription(app, user, headers, 1);
    expect(body).toMatchObject({ status: true, active: false, data: { checkout_url: expect.stringContaining('/api/payments/local-checkout/lcs_') } });
    const [row] = await subscriptionRows(app, user.id);
    expect(row).toMatchObject({ status: 'pending', provider: 'local', planId: 1, price: 299, currency: 'AED', interval: 'year' });
  });
});

describe('local checkout: pay, fail, cancel', () => {
  it('serves a script-free page under a strict CSP, in English and Arabic', async () => {
    const app = getApp();
    const { user, headers } = await signedInUser(app);
    const url = await checkoutUrl(app, user, headers, 2);
    const path = new URL(url).pathname;
    const asBuyer = { cookie: buyerCookies.get(path)! };
    const page = await app.inject({ method: 'GET', url: `${path}?lang=en`, headers: asBuyer });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('no card is charged and no money moves');
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    // A document: it keeps the document-only headers that JSON answers go without.
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['x-permitted-cross-domain-policies']).toBe('none');
    expect(page.body).not.toMatch(/<script|\sstyle=|\son\w+=/i);
    expect(page.body).toContain('Professional Plan');
    expect(page.body).toContain('AED 699 per year');
    const arabic = await app.inject({ method: 'GET', url: `${path}?lang=ar`, headers: asBuyer });
    expect(arabic.body).toContain('dir="rtl"');
    expect(arabic.body).toContain('لا تنتقل أي أموال');
    expect(arabic.body).toContain('الباقة الاحترافية');
    expect(arabic.body).toContain('699 درهم سنويًا');
    const css = await app.inject({ method: 'GET', url: '/api/payments/local-checkout/assets/checkout.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/text\/css/);
    expect(css.body).not.toMatch(/\b(left|right)\s*:/);
    expect((await app.inject({ method: 'GET', url: '/api/payments/local-checkout/lcs_doesnotexist0000000000' })).statusCode).toBe(404);
  });

  it('only the browser of the buyer can press a button: the checkout address alone pays for nothing', async () => {
    const app = getApp();
    const { user, headers } = await signedInUser(app);
    const url = await checkoutUrl(app, user, headers, 1);
    const path = new URL(url).pathname;
    // Set by the purchase call, scoped to this checkout's page, out of reach of scripts.
    const cookie = (await createSubscription(app, user, headers, 2)).response.cookies.find((c) => c.name === 'checkout_buyer');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    expect(cookie!.path).toMatch(/^\/api\/payments\/local-checkout\/lcs_/);

    // Someone else who has the address: the page offers no button, a post is refused.
    const page = await app.inject({ method: 'GET', url: `${path}?lang=en` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<form');
    expect(page.body).toContain('Only the account that started this checkout can complete it');
    const refused = await press(app, url, 'pay', false);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: false, err: 403, msg: expect.stringContaining('Only the account that started this checkout') });
    // Another member's own checkout cookie does not fit this checkout either.
    const other = await signedInUser(app);
    const otherUrl = await checkoutUrl(app, other.user, other.headers, 1);
    const forged = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: buyerCookies.get(new URL(otherUrl).pathname)! },
      payload: 'action=pay',
    });
    expect(forged.statusCode).toBe(403);
    expect((await subscriptionRows(app, user.id)).every((row) => row.status === 'pending')).toBe(true);

    // The buyer's browser pays.
    expect((await press(app, url, 'pay')).statusCode).toBe(303);
    expect((await subscriptionRows(app, user.id)).some((row) => row.status === 'active')).toBe(true);
  });

  it('pay: active subscription, one invoice with a number, receipt e-mail in the user language with the PDF, /success', async () => {
    const app = getApp();
    const { user, headers } = await signedInUser(app, { locale: 'ar' });
    const url = await checkoutUrl(app, user, headers, 1);
    const paid = await press(app, url, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('http://localhost:8080/success');

    const [row] = await subscriptionRows(app, user.id);
    expect(row).toMatchObject({ status: 'active', paymentMethod: 'local_test_card', providerSubscriptionId: `sub_local_${row!.id}` });
    const year = row!.currentPeriodEnd!.getTime() - row!.currentPeriodStart!.getTime();
    expect(year).toBeGreaterThanOrEqual(365 * 86_400_000);
    expect(year).toBeLessThanOrEqual(366 * 86_400_000);

    const bills = await app.db.select().from(invoices).where(eq(invoices.userId, user.id));
    expect(bills).toHaveLength(1);
    expect(bills[0]).toMatchObject({ status: 'paid', amount: 299, currency: 'AED', subscriptionId: row!.id, planId: 1 });

    const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    const receipt = mails.find((mail) => mail.template === 'subscription_receipt');
    expect(receipt?.locale).toBe('ar');
    expect(receipt?.subject).toBe(`إيصال اشتراكك ${formatInvoiceNumber(bills[0]!.number)}`);
    expect(receipt?.textBody).toContain('299.00 درهم');
    // The site's one mail layout: right to left, the figures as a table, the billing tab as a button.
    expect(receipt?.htmlBody).toContain('<html lang="ar" dir="rtl">');
    expect(receipt?.htmlBody).toMatch(/<td[^>]*>المبلغ<\/td><td[^>]*>299\.00 درهم<\/td>/);
    expect(receipt?.htmlBody).toContain('/profile?tab=billing');
    expect(receipt?.attachments?.[0]).toMatchObject({ contentType: 'application/pdf', encoding: 'base64' });
    expect(Buffer.from(receipt!.attachments![0]!.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    // The page is closed now; pressing again changes nothing.
    const again = await app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(again.body).toContain('data-testid="checkout-closed"');
    const second = await press(app, url, 'pay');
    expect(second.headers.location).toBe('http://localhost:8080/success');
    expect(await app.db.select().from(invoices).where(eq(invoices.userId, user.id))).toHaveLength(1);
  });

  it('fail: failed subscription, no invoice, /failed', async () => {
    const app = getApp();
    const { user, headers } = await signedInUser(app);
    const url = await checkoutUrl(app, user, headers, 1);
    const failed = await press(app, url, 'fail');
    expect(failed.statusCode).toBe(303);
    expect(failed.headers.location).toBe('http://localhost:8080/failed');
    expect((await subscriptionRows(app, user.id))[0]?.status).toBe('failed');
    expect(await app.db.select().from(invoices).where(eq(invoices.userId, user.id))).toHaveLength(0);
    expect((await getJson(app, '/api/subscriptions/mine', headers)).body.data).toEqual([]);
  });

  it('cancel: canceled checkout, no invoice, /failed?reason=canceled', async () => {
    const app = getApp();
    const { user, headers } = await signedInUser(app);
    const url = await checkoutUrl(app, user, headers, 3);
    const canceled = await press(app, url, 'cancel');
    expect(canceled.headers.location).toBe('http://localhost:8080/failed?reason=canceled');
    expect((await subscriptionRows(app, user.id))[0]).toMatchObject({ status: 'canceled', endedAt: null });
    expect(await app.db.select().from(invoices).where(eq(invoices.userId, user.id))).toHaveLength(0);
  });

  it('returns to the site origin the request came through (a known origin), else PUBLIC_BASE_URL', async () => {
    const app = getApp();
    const { user, headers } = await signedInUser(app);
    const proxied = { 'x-forwarded-host': '127.0.0.1:8080', 'x-forwarded-proto': 'http' };
    const { body } = await createSubscription(app, user, headers, 1, false, proxied);
    const url = (body.data as { checkout_url: string }).checkout_url;
    expect(url.startsWith('http://127.0.0.1:8080/api/payments/local-checkout/')).toBe(true);
    const foreign = await createSubscription(app, user, headers, 2, false, { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
    expect((foreign.body.data as { checkout_url: string }).checkout_url.startsWith('http://localhost:8080/')).toBe(true);
  });
});

describe('an existing subscription', () => {
  it('same plan: 409 with the spec message (en, ar); another plan: active: true first, then a checkout with active: true', async () => {
    const app = getApp();
    const { user, headers } = await signedInUser(app);
    await press(app, await checkoutUrl(app, user, headers, 1), 'pay');

    const same = await createSubscription(app, user, headers, 1);
    expect(same.status).toBe(409);
    expect(same.body).toMatchObject({
      status: false,
      active: true,
      err: 'already_subscribed',
      msg: 'You already have an active subscription. Please visit the dashboard to manage it.',
    });
    const sameAr = await createSubscription(app, user, headers, 1, true, { 'accept-language': 'ar' });
    expect(sameAr.status).toBe(409);
    expect(sameAr.body.msg).toBe(validationMessages.ar.alreadySubscribed);

    const ask = await createSubscription(app, user, headers, 2, false);
    expect(ask.status).toBe(200);
    expect(ask.body).toMatchObject({ status: true, active: true });
    expect(ask.body.data).toBeUndefined();
    expect((await subscriptionRows(app, user.id)).filter((row) => row.planId === 2)).toHaveLength(0);

    const confirmed = await createSubscription(app, user, headers, 2, true);
    expect(confirmed.body).toMatchObject({ status: true, active: true, data: { checkout_url: expect.stringContaining('lcs_') } });
    await press(app, (confirmed.body.data as { checkout_url: string }).checkout_url, 'pay');

    const mine = await getJson(app, '/api/subscriptions/mine', headers);
    const list = mine.body.data as Array<Record<string, unknown>>;
    expect(list.map((item) => item.plan_id).sort()).toEqual([1, 2]);
    expect(list.every((item) => item.status === 'active')).toBe(true);
    expect(list[0]).toMatchObject({
      plan_name: expect.any(String),
      plan_name_en: expect.any(String),
      interval: 'year',
      currency: 'AED',
      provider: 'local',
      payment_method: 'local_test_card',
      next_billing_date: expect.any(String),
      start_date: expect.any(String),
    });
  });
});

describe('invoices and receipts', () => {
  it('lists the owner invoices, downloads the PDF, and hides them from anyone else (404) and visitors (401)', async () => {
    const app = getApp();
    const { user, headers } = await signedInUser(app);
    await press(app, await checkoutUrl(app, user, headers, 2), 'pay');
    const mine = await getJson(app, '/api/invoices/mine', headers);
    const [invoice] = mine.body.data as Array<{ id: number; number: number; display_number: string; amount: number; status: string; plan_name_en: string }>;
    expect(invoice).toMatchObject({ amount: 699, status: 'paid', plan_name_en: 'Professional Plan' });
    expect(invoice!.display_number).toBe(formatInvoiceNumber(invoice!.number));

    const pdf = await app.inject({ method: 'GET', url: `/api/invoices/${invoice!.id}/receipt`, headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="receipt-${invoice!.display_number}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const [subscription] = await subscriptionRows(app, user.id);
    const intruder = await signedInUser(app);
    for (const url of [`/api/invoices/${invoice!.id}`, `/api/invoices/${invoice!.id}/receipt`, `/api/subscriptions/${subscription!.id}`]) {
      expect((await app.inject({ method: 'GET', url, headers: intruder.headers })).statusCode, url).toBe(404);
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await app.inject({ method: 'GET', url, headers })).statusCode, url).toBe(200);
    }
    expect((await getJson(app, '/api/invoices/mine', intruder.headers)).body.data).toEqual([]);
    // Nobody can buy, and so change subscriptions, for someone else.
    const forOther = await postJson(app, '/api/stripe/create-subscription', { planId: 3, userId: user.id, active: true }, intruder.headers);
    expect(forOther.status).toBe(403);
  });

  it('numbers invoices 1, 2, 3... with no gap and no repeat under concurrent payments', async () => {
    const app = getApp();
    const buyers = await Promise.all(Array.from({ length: 8 }, () => signedInUser(app)));
    const urls = await Promise.all(buyers.map(({ user, headers }) => checkoutUrl(app, user, headers, 1)));
    const answers = await Promise.all(urls.map((url) => press(app, url, 'pay')));
    expect(answers.map((answer) => answer.headers.location)).toEqual(urls.map(() => 'http://localhost:8080/success'));
    const ids = buyers.map(({ user }) => user.id);
    const numbers = (await app.db.select({ number: invoices.number }).from(invoices).where(inArray(invoices.userId, ids))).map((row) => row.number);
    expect(numbers).toHaveLength(8);
    expect(new Set(numbers).size).toBe(8);
    const all = (await app.db.select({ number: invoices.number }).from(invoices)).map((row) => row.number).sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: all.length }, (_, index) => index + 1));
  });
});

describe('local webhook: signatures, at most once, any order', () => {
  async function pending(app: TestApp) {
    const { user, headers } = await signedInUser(app);
    const url = await checkoutUrl(app, user, headers, 1);
    const sessionId = new URL(url).pathname.split('/').pop()!;
    const [row] = await subscriptionRows(app, user.id);
    return { user, row: row!, info: { sessionId, subscriptionId: row!.id, userId: user.id, planId: 1, price: 299, currency: 'AED' } };
  }
  const deliver = (app: TestApp, payload: string, signature: string) =>
    app.inject({ method: 'POST', url: '/api/payments/local/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });

  it('accepts the signature made by the stripe library helper, refuses tampered, stale and missing ones', async () => {
    const app = getApp();
    const { row, info } = await pending(app);
    const secret = LOCAL_SECRET;
    const { payload } = localEvent('pay', info, secret);
    const good = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    expect((await deliver(app, payload.replace('"amount_total":29900', '"amount_total":100'), good)).statusCode).toBe(400);
    const stale = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(Date.now() / 1000) - 301 });
    const staleAnswer = await deliver(app, payload, stale);
    expect(staleAnswer.statusCode).toBe(400);
    expect(staleAnswer.json()).toMatchObject({ status: false, msg: validationMessages.en.webhookSignatureInvalid });
    expect((await deliver(app, payload, '')).statusCode).toBe(400);
    expect((await deliver(app, payload, signPayload(payload, 'another-secret-another-secret-0000'))).statusCode).toBe(400);
    expect((await app.db.select().from(subscriptions).where(eq(subscriptions.id, row.id)))[0]?.status).toBe('pending');

    const accepted = await deliver(app, payload, good);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: true, data: { received: true, duplicate: false } });
    const twice = await deliver(app, payload, Stripe.webhooks.generateTestHeaderString({ payload, secret }));
    expect(twice.json()).toMatchObject({ status: true, data: { duplicate: true } });
    expect(await app.db.select().from(invoices).where(eq(invoices.subscriptionId, row.id))).toHaveLength(1);
  });

  it('the same event delivered concurrently is applied once', async () => {
    const app = getApp();
    const { row, info } = await pending(app);
    const { payload, header } = localEvent('pay', info, LOCAL_SECRET);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(app, payload, header)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.json().data.duplicate === false)).toHaveLength(1);
    expect(await app.db.select().from(invoices).where(eq(invoices.subscriptionId, row.id))).toHaveLength(1);
    const eventId = (JSON.parse(payload) as { id: string }).id;
    const recorded = await app.db
      .select()
      .from(paymentWebhookEvents)
      .where(and(eq(paymentWebhookEvents.provider, 'local'), eq(paymentWebhookEvents.eventId, eventId)));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]?.processedAt).toBeInstanceOf(Date);
  });

  it('a late failure or expiry does not undo a payment; a payment after a failure notice wins', async () => {
    const app = getApp();
    const secret = LOCAL_SECRET;
    const first = await pending(app);
    for (const action of ['pay', 'fail', 'cancel'] as const) {
      const { payload, header } = localEvent(action, first.info, secret);
      expect((await deliver(app, payload, header)).statusCode).toBe(200);
    }
    expect((await app.db.select().from(subscriptions).where(eq(subscriptions.id, first.row.id)))[0]?.status).toBe('active');

    const second = await pending(app);
    for (const action of ['fail', 'pay'] as const) {
      const { payload, header } = localEvent(action, second.info, secret);
      await deliver(app, payload, header);
    }
    expect((await app.db.select().from(subscriptions).where(eq(subscriptions.id, second.row.id)))[0]?.status).toBe('active');
    expect(await app.db.select().from(invoices).where(eq(invoices.subscriptionId, second.row.id))).toHaveLength(1);
  });

  it('answers 404 for the Stripe webhook while Stripe is not configured', async () => {
    const app = getApp();
    const answer = await app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' }, payload: '{}' });
    expect(answer.statusCode).toBe(404);
  });
});
