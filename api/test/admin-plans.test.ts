/**
 * Plans in the console (issue 19): create, edit, retire, delete only without subscriptions; the
 * publishing rule (name and every feature in both languages), the stale edit, the audit entries.
 * The price rule: a new price applies to new purchases only; an existing subscription keeps its
 * price in its subscription, its invoices and a checkout started before the change. With Stripe
 * (a local fake of the Stripe API, as in billing-stripe.test.ts) a new price is a new Stripe Price on
 * the plan's product, the old one untouched, and new checkouts use it.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { successMessages, validationMessages } from '@scholars/shared-contracts/schemas';
import { auditLog, invoices, subscriptionPlanFeatures, subscriptionPlans, subscriptions } from '../src/db/schema';
import { staffHeaders } from './content-helpers';
import { bearer, build, createUser, getJson, postJson, signIn, useApp, type TestApp } from './helper';

const getApp = useApp();
const v = validationMessages.en;

function send(app: TestApp, method: 'PUT' | 'DELETE', url: string, headers: Record<string, string>, body?: unknown) {
  return app.inject({
    method,
    url,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

const plan = (overrides: Record<string, unknown> = {}) => ({
  name: 'باقة الباحث',
  name_en: 'Researcher Plan',
  price: 499,
  features: [
    { feature: 'الوصول إلى المكتبة', feature_en: 'Library access' },
    { feature: 'المشاركة في المحادثات', feature_en: 'Research chats' },
  ],
  active: true,
  sort_order: 10,
  ...overrides,
});

async function createPlan(app: TestApp, headers: Record<string, string>, overrides: Record<string, unknown> = {}) {
  const created = await postJson(app, '/api/admin/plans', plan(overrides), headers);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data as { id: number; version: number; price: number };
}

/** A member who buys `planId` through the local checkout (the buyer's browser presses Pay). */
async function startPurchase(app: TestApp, planId: number) {
  const user = await createUser(app);
  const headers = bearer(await signIn(app, user));
  const answer = await postJson(app, '/api/stripe/create-subscription', { planId, userId: user.id, active: false }, headers);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const url = new URL((answer.body.data as { checkout_url: string }).checkout_url);
  const cookie = answer.response.cookies.find((c) => c.name === 'checkout_buyer')!;
  const pay = () =>
    app.inject({ method: 'POST', url: url.pathname, headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `${cookie.name}=${cookie.value}` }, payload: 'action=pay' });
  return { user, headers, url, cookie: `${cookie.name}=${cookie.value}`, pay };
}

const publicPlans = async (app: TestApp) => (await getJson(app, '/api/subscription-plan')).body.data as Array<{ id: number; price: number; subscription_plan_features: Array<{ feature_en: string }> }>;

describe('plans: create, edit, retire, delete', () => {
  it('an active plan is on the pricing section with its features in order; logged', async () => {
    const app = getApp();
    const { headers, id: adminId } = await staffHeaders(app);
    const created = await createPlan(app, headers);
    const shown = (await publicPlans(app)).find((row) => row.id === created.id);
    expect(shown).toMatchObject({ price: 499, subscription_plan_features: [{ feature_en: 'Library access' }, { feature_en: 'Research chats' }] });
    const [entry] = await app.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'plan'), eq(auditLog.targetId, created.id)));
    expect(entry).toMatchObject({ action: 'content.create', actorId: adminId, details: { price: 499 } });
  });

  it('refuses an active plan with a name or a feature in one language (each field marked); a retired draft may be incomplete', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const refused = await postJson(app, '/api/admin/plans', plan({ features: [{ feature: 'ميزة', feature_en: '' }, { feature: '', feature_en: '' }] }), headers);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ 'features.0.feature_en': v.translationMissing, 'features.1.feature': v.translationMissing, 'features.1.feature_en': v.translationMissing });
    const draft = await postJson(app, '/api/admin/plans', plan({ name_en: '', active: false }), headers);
    expect(draft.status).toBe(201);
    expect((await publicPlans(app)).some((row) => row.id === (draft.body.data as { id: number }).id)).toBe(false);
  });

  it('a price is above 0 with at most 2 decimals', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    for (const price of [0, -5, 12.345, '299']) {
      const answer = await postJson(app, '/api/admin/plans', plan({ price }), headers);
      expect(answer.status, String(price)).toBe(400);
      expect(answer.body.errors).toMatchObject({ price: v.priceInvalid });
    }
    expect((await createPlan(app, headers, { price: 149.5 })).price).toBe(149.5);
  });

  it('features are replaced on save, in the new order; a stale edit changes nothing (409)', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const { id } = await createPlan(app, headers);
    const reordered = plan({ features: [{ feature: 'محادثات', feature_en: 'Chats first' }, { feature: 'مكتبة', feature_en: 'Library second' }, { feature: 'دعم', feature_en: 'Support' }], version: 1 });
    const saved = await send(app, 'PUT', `/api/admin/plans/${id}`, headers, reordered);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json().data as { features: Array<{ feature_en: string }> }).features.map((row) => row.feature_en)).toEqual(['Chats first', 'Library second', 'Support']);
    const stale = await send(app, 'PUT', `/api/admin/plans/${id}`, headers, { ...reordered, features: [] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ msg: v.staleEdit });
    expect(await app.db.select().from(subscriptionPlanFeatures).where(eq(subscriptionPlanFeatures.planId, id))).toHaveLength(3);
    expect((await send(app, 'PUT', '/api/admin/plans/999999', headers, reordered)).statusCode).toBe(404);
  });

  it('retiring takes it off the pricing section and refuses its checkout; subscriptions keep it from being deleted (409 planInUse: retire it, not "archive it, or move them")', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const { id } = await createPlan(app, headers);
    const buyer = await startPurchase(app, id);
    expect((await buyer.pay()).statusCode).toBe(303);

    const retired = await send(app, 'PUT', `/api/admin/plans/${id}`, headers, plan({ active: false, version: 1 }));
    expect(retired.json()).toMatchObject({ msg: successMessages.en.planRetired, data: { active: false, subscriptions: 1 } });
    expect((await publicPlans(app)).some((row) => row.id === id)).toBe(false);
    const other = await createUser(app);
    const checkout = await postJson(app, '/api/stripe/create-subscription', { planId: id, userId: other.id, active: false }, bearer(await signIn(app, other)));
    expect(checkout.status).toBe(404);
    expect(checkout.body.msg).toBe(v.planUnavailable);
    // The subscriber still has it.
    expect(((await getJson(app, '/api/subscriptions/mine', buyer.headers)).body.data as Array<{ plan_id: number; status: string }>)[0]).toMatchObject({ plan_id: id, status: 'active' });

    const refused = await send(app, 'DELETE', `/api/admin/plans/${id}?version=2`, headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ status: false, msg: v.planInUse.replace('{{count}}', '1') });
    // The console's advice fits a plan: retire it (there is no archive for plans, subscriptions cannot be moved).
    expect(refused.json().msg).toBe('This plan cannot be deleted while subscriptions refer to it (count: 1). Retire it instead: untick “Active” and save; its subscriptions go on.');
    const inArabic = await send(app, 'DELETE', `/api/admin/plans/${id}?version=2`, { ...headers, 'accept-language': 'ar' });
    expect(inArabic.json().msg).toBe(validationMessages.ar.planInUse.replace('{{count}}', '1'));
    expect(inArabic.json().msg).toContain('أوقفها');
    const actions = (await app.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'plan'), eq(auditLog.targetId, id))).orderBy(desc(auditLog.id))).map((row) => row.action);
    expect(actions).toEqual(['content.archive', 'content.create']);
  });

  it('deletes a plan nothing refers to, with its features; logged', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const { id } = await createPlan(app, headers, { active: false });
    expect((await send(app, 'DELETE', `/api/admin/plans/${id}?version=9`, headers)).statusCode).toBe(409);
    expect((await send(app, 'DELETE', `/api/admin/plans/${id}?version=1`, headers)).json()).toEqual({ status: true, msg: successMessages.en.contentDeleted });
    expect(await app.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id))).toEqual([]);
    expect(await app.db.select().from(subscriptionPlanFeatures).where(eq(subscriptionPlanFeatures.planId, id))).toEqual([]);
    expect((await send(app, 'DELETE', `/api/admin/plans/${id}?version=1`, headers)).statusCode).toBe(404);
  });

  it('lists active and retired plans with their subscription counts; search folds Arabic; the active filter', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const all = await getJson(app, '/api/admin/plans?limit=100', headers);
    expect(all.status).toBe(200);
    expect(all.body.tot).toBe((all.body.data as unknown[]).length);
    const basic = (all.body.data as Array<{ id: number; subscriptions: number; currency: string }>).find((row) => row.id === 1);
    expect(basic).toMatchObject({ currency: 'AED' });
    const found = await getJson(app, `/api/admin/plans?q=${encodeURIComponent('الاحترافيه')}`, headers);
    expect((found.body.data as Array<{ id: number }>).map((row) => row.id)).toEqual([2]);
    const retired = await getJson(app, '/api/admin/plans?active=false&limit=100', headers);
    expect((retired.body.data as Array<{ active: boolean }>).every((row) => !row.active)).toBe(true);
  });
});

describe('a price change applies to new purchases only', () => {
  it('the existing subscription, its invoice and a checkout opened before keep the old price; a new purchase pays the new one', async () => {
    const app = getApp();
    const { headers } = await staffHeaders(app);
    const { id } = await createPlan(app, headers, { price: 300 });
    const subscriber = await startPurchase(app, id);
    expect((await subscriber.pay()).statusCode).toBe(303);
    // Opened at 300, paid after the change.
    const late = await startPurchase(app, id);

    const changed = await send(app, 'PUT', `/api/admin/plans/${id}`, headers, plan({ price: 450, version: 1 }));
    expect(changed.json()).toMatchObject({ msg: successMessages.en.planPriceChanged, data: { price: 450, stripe_price_id: null } });
    const [entry] = await app.db.select().from(auditLog).where(and(eq(auditLog.targetType, 'plan'), eq(auditLog.targetId, id))).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: 'content.update', details: { price: { from: 300, to: 450 }, changed: ['price'] } });
    expect((await publicPlans(app)).find((row) => row.id === id)?.price).toBe(450);

    // The existing subscriber: subscription and invoice at 300.
    const mine = (await getJson(app, '/api/subscriptions/mine', subscriber.headers)).body.data as Array<{ price: number }>;
    expect(mine).toEqual([expect.objectContaining({ price: 300 })]);
    expect((await app.db.select().from(invoices).where(eq(invoices.userId, subscriber.user.id)))[0]?.amount).toBe(300);

    // The checkout opened before the change still says 300 and charges 300.
    const page = await app.inject({ method: 'GET', url: `${late.url.pathname}?lang=en`, headers: { cookie: late.cookie } });
    expect(page.body).toContain('AED 300 per year');
    expect((await late.pay()).statusCode).toBe(303);
    expect((await app.db.select().from(invoices).where(eq(invoices.userId, late.user.id)))[0]?.amount).toBe(300);

    // A new purchase: 450.
    const newcomer = await startPurchase(app, id);
    const [row] = await app.db.select().from(subscriptions).where(eq(subscriptions.userId, newcomer.user.id));
    expect(row?.price).toBe(450);
    const newPage = await app.inject({ method: 'GET', url: `${newcomer.url.pathname}?lang=en`, headers: { cookie: newcomer.cookie } });
    expect(newPage.body).toContain('AED 450 per year');
    await newcomer.pay();
    expect((await app.db.select().from(invoices).where(eq(invoices.userId, newcomer.user.id)))[0]?.amount).toBe(450);
    // And the first subscriber's row was never touched.
    expect((await app.db.select().from(subscriptions).where(eq(subscriptions.userId, subscriber.user.id)))[0]?.price).toBe(300);
  });
});

// ------------------------------------------------------------------------------ with Stripe
const stripeCalls: Array<{ method: string; path: string; body: URLSearchParams; idempotencyKey?: string }> = [];
let failPrices = 0;
let counter = 0;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (data += chunk));
    request.on('end', () => resolve(data));
    request.on('error', reject);
  });
}

describe('with Stripe configured', () => {
  let server: Server;
  let stripeApp: TestApp;

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      const body = new URLSearchParams(await readBody(request));
      const path = request.url ?? '';
      stripeCalls.push({ method: request.method ?? '', path, body, idempotencyKey: request.headers['idempotency-key'] as string | undefined });
      response.setHeader('content-type', 'application/json');
      counter += 1;
      if (request.method === 'POST' && path === '/v1/prices') {
        if (failPrices > 0) {
          failPrices -= 1;
          response.statusCode = 500;
          response.end(JSON.stringify({ error: { type: 'api_error', message: 'boom' } }));
          return;
        }
        response.end(JSON.stringify({ id: `price_test_${counter}`, object: 'price', product: body.get('product') ?? `prod_test_${counter}`, unit_amount: Number(body.get('unit_amount')) }));
        return;
      }
      const price = /^\/v1\/prices\/(\w+)$/.exec(path);
      if (request.method === 'GET' && price) {
        response.end(JSON.stringify({ id: price[1], object: 'price', product: `prod_of_${price[1]}` }));
        return;
      }
      response.end(JSON.stringify({ id: `cs_test_${counter}`, object: 'checkout.session', mode: 'subscription', url: `https://checkout.stripe.com/c/pay/cs_test_${counter}` }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    process.env.STRIPE_SECRET_KEY = 'sk_test_plans_fake_key';
    process.env.STRIPE_WEBHOOK_SECRET = 'whsec_test_plans_0123456789';
    process.env.STRIPE_API_BASE = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      stripeApp = await build();
    } finally {
      delete process.env.STRIPE_SECRET_KEY;
      delete process.env.STRIPE_WEBHOOK_SECRET;
      delete process.env.STRIPE_API_BASE;
    }
  });

  afterAll(async () => {
    await stripeApp?.cleanup();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('a new price is a new Stripe Price on the plan’s product; the old Price stays; new checkouts use the new one; existing subscriptions keep theirs', async () => {
    const app = stripeApp;
    const { headers } = await staffHeaders(app);
    const { id } = await createPlan(app, headers, { price: 300 });
    const buyer = await startPurchaseStripe(app, id);
    const [bought] = await app.db.select().from(subscriptions).where(eq(subscriptions.userId, buyer));

    // First change: the plan had no Price (inline price data at checkout): a product is made with it.
    stripeCalls.length = 0;
    const first = await send(app, 'PUT', `/api/admin/plans/${id}`, headers, plan({ price: 350, version: 1 }));
    expect(first.statusCode, first.body).toBe(200);
    const firstPrice = (first.json().data as { stripe_price_id: string }).stripe_price_id;
    expect(firstPrice).toMatch(/^price_test_/);
    const created = stripeCalls.find((call) => call.method === 'POST' && call.path === '/v1/prices')!;
    expect(created.body.get('unit_amount')).toBe('35000');
    expect(created.body.get('currency')).toBe('aed');
    expect(created.body.get('recurring[interval]')).toBe('year');
    expect(created.body.get('product_data[name]')).toBe('Researcher Plan');
    expect(created.body.get('metadata[plan_id]')).toBe(String(id));
    expect(created.idempotencyKey).toBe(`scholars-plan-${id}-v1-35000`);

    // Second change: a new Price on the same product; the old Price is not touched.
    stripeCalls.length = 0;
    const second = await send(app, 'PUT', `/api/admin/plans/${id}`, headers, plan({ price: 399.99, version: 2 }));
    const secondPrice = (second.json().data as { stripe_price_id: string }).stripe_price_id;
    expect(secondPrice).not.toBe(firstPrice);
    expect(stripeCalls.map((call) => `${call.method} ${call.path}`)).toEqual([`GET /v1/prices/${firstPrice}`, 'POST /v1/prices']);
    expect(stripeCalls[1]!.body.get('product')).toBe(`prod_of_${firstPrice}`);
    expect(stripeCalls[1]!.body.get('unit_amount')).toBe('39999');

    // A new checkout uses the new Price; the existing subscription keeps its own price.
    stripeCalls.length = 0;
    await startPurchaseStripe(app, id);
    const session = stripeCalls.find((call) => call.path === '/v1/checkout/sessions')!;
    expect(session.body.get('line_items[0][price]')).toBe(secondPrice);
    expect(session.body.get('line_items[0][price_data][unit_amount]')).toBeNull();
    expect((await app.db.select().from(subscriptions).where(eq(subscriptions.id, bought!.id)))[0]?.price).toBe(300);

    // An edit that keeps the price asks Stripe for nothing.
    stripeCalls.length = 0;
    await send(app, 'PUT', `/api/admin/plans/${id}`, headers, plan({ price: 399.99, name_en: 'Researcher Plan+', version: 3 }));
    expect(stripeCalls).toEqual([]);
  });

  it('when Stripe fails, nothing changes (502); a stale edit asks Stripe for nothing', async () => {
    const app = stripeApp;
    const { headers } = await staffHeaders(app);
    const { id } = await createPlan(app, headers, { price: 300 });
    failPrices = 2;
    const failed = await send(app, 'PUT', `/api/admin/plans/${id}`, headers, plan({ price: 320, version: 1 }));
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ status: false, msg: v.planPriceProviderFailed });
    const [row] = await app.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id));
    expect(row).toMatchObject({ price: 300, version: 1, stripePriceId: null });
    stripeCalls.length = 0;
    expect((await send(app, 'PUT', `/api/admin/plans/${id}`, headers, plan({ price: 320, version: 7 }))).statusCode).toBe(409);
    expect(stripeCalls).toEqual([]);
  });
});

/** Starts a Stripe checkout for a new member (the fake answers the session); the member's id. */
async function startPurchaseStripe(app: TestApp, planId: number): Promise<number> {
  const user = await createUser(app);
  const answer = await postJson(app, '/api/stripe/create-subscription', { planId, userId: user.id, active: false }, bearer(await signIn(app, user)));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return user.id;
}
