/**
 * A subscription's renewal turned off and back on (decisions.md "Subscriptions: renewal") with the
 * built-in local checkout: a real purchase through the checkout page, then `PUT
 * subscriptions/{id}/renewal` as the member, what `subscriptions/mine` and the paywall say, the
 * member's e-mails, owner-only access and localized refusals, the provider's own
 * `customer.subscription.updated` events through the local webhook (older ones ignored), and what
 * the receipt e-mail and the PDF rows promise.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { validationMessages } from '@scholars/shared-contracts/schemas';
import { formatDate, type Locale } from '@scholars/shared-contracts/locale';
import { mailOutbox, subscriptions } from '../src/db/schema';
import { signPayload } from '../src/lib/payments/gateways';
import { receiptMail } from '../src/lib/invoices/receipt-mail';
import { receiptRows, type ReceiptData } from '../src/lib/invoices/receipt-pdf';
import { renewalNote } from '../src/lib/invoices/renewal';
import { hasActiveSubscription } from '../src/plugins/app/paywall';
import { bearer, createUser, getJson, postJson, signIn, useApp, type TestApp } from './helper';
import { subscribed } from './billing-helpers';

const LOCAL_SECRET = 'renewal-test-local-payments-secret-0123456789';
process.env.LOCAL_PAYMENTS_SECRET = LOCAL_SECRET;

const getApp = useApp();

function putRenewal(app: TestApp, id: number | string, body: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'PUT',
    url: `/api/subscriptions/${id}/renewal`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const mailsOf = (app: TestApp, email: string, template: string) =>
  app.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, template)));

const rowOf = async (app: TestApp, id: number) => (await app.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;

describe('PUT subscriptions/{id}/renewal (local checkout)', () => {
  it('turns renewal off (access kept until the period ends, no next billing date) and back on, e-mailing the member each time', async () => {
    const app = getApp();
    const { user, headers, row } = await subscribed(app);
    const end = row.currentPeriodEnd!;
    const day = formatDate(end, 'en', 'longDate');

    const off = await putRenewal(app, row.id, { auto_renew: false }, headers);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({
      status: true,
      msg: `Renewal is off. Your subscription stays active until ${day}, and nothing more will be charged.`,
      data: { id: row.id, status: 'active', auto_renew: false, next_billing_date: null, period_end: end.toISOString() },
    });
    expect(await rowOf(app, row.id)).toMatchObject({ cancelAtPeriodEnd: true, status: 'active', endedAt: null, currentPeriodEnd: end });
    // Still a subscriber until the period ends.
    expect(await hasActiveSubscription(app.db, user.id)).toBe(true);
    const listed = (await getJson(app, '/api/subscriptions/mine', headers)).body.data as Array<Record<string, unknown>>;
    expect(listed[0]).toMatchObject({ id: row.id, auto_renew: false, next_billing_date: null, period_end: end.toISOString() });
    const [offMail, ...moreOff] = await mailsOf(app, user.email, 'subscription_renewal_off');
    expect(moreOff).toHaveLength(0);
    expect(offMail?.subject).toBe(`Renewal is off: your subscription ends on ${day}`);
    expect(offMail?.textBody).toContain(`Your subscription stays active until ${day}, and nothing more will be charged.`);
    expect(offMail?.textBody).toContain('http://localhost:8080/profile?tab=subscriptions');

    // Asking again changes nothing and mails nobody.
    const again = await putRenewal(app, row.id, { auto_renew: false }, headers);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.auto_renew).toBe(false);
    expect(await mailsOf(app, user.email, 'subscription_renewal_off')).toHaveLength(1);

    const on = await putRenewal(app, row.id, { auto_renew: true }, headers);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({
      msg: `Renewal is back on. Your subscription renews on ${day}.`,
      data: { auto_renew: true, next_billing_date: end.toISOString(), period_end: end.toISOString() },
    });
    expect((await rowOf(app, row.id)).cancelAtPeriodEnd).toBe(false);
    const [onMail] = await mailsOf(app, user.email, 'subscription_renewal_on');
    expect(onMail?.subject).toBe(`Renewal is back on: your subscription renews on ${day}`);
  });

  it('speaks Arabic to an Arabic member: the answer follows the page, the e-mail the account', async () => {
    const app = getApp();
    const { user, headers, row } = await subscribed(app, 'ar');
    const day = formatDate(row.currentPeriodEnd!, 'ar', 'longDate');
    const off = await putRenewal(app, row.id, { auto_renew: false }, { ...headers, 'accept-language': 'ar' });
    expect(off.json().msg).toBe(`أُوقف التجديد. يبقى اشتراكك فعّالًا حتى ${day}، ولن يُخصم أي مبلغ آخر.`);
    const [mail] = await mailsOf(app, user.email, 'subscription_renewal_off');
    expect(mail?.locale).toBe('ar');
    expect(mail?.subject).toBe(`أُوقف تجديد اشتراكك: ينتهي في ${day}`);
    expect(mail?.htmlBody).toContain('<html lang="ar" dir="rtl">');
  });

  it("nobody changes another member's subscription (404), visitors get 401, bad input a localized 400, never a 500", async () => {
    const app = getApp();
    const { headers, row } = await subscribed(app);
    const intruder = await createUser(app);
    const intruderHeaders = bearer(await signIn(app, intruder));
    const stolen = await putRenewal(app, row.id, { auto_renew: false }, intruderHeaders);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ status: false, msg: validationMessages.en.notFound });
    expect((await rowOf(app, row.id)).cancelAtPeriodEnd).toBe(false);
    expect((await putRenewal(app, row.id, { auto_renew: false })).statusCode).toBe(401);
    expect((await putRenewal(app, 999_999, { auto_renew: false }, headers)).statusCode).toBe(404);

    const missing = await putRenewal(app, row.id, {}, { ...headers, 'accept-language': 'ar' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ status: false, err: 400, errors: { auto_renew: expect.any(String) } });
    expect(missing.json().msg).toBe(validationMessages.ar.mustBeBoolean);
    const wrongType = await putRenewal(app, row.id, { auto_renew: 'no' }, headers);
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors.auto_renew).toBe(validationMessages.en.mustBeBoolean);
    for (const [id, body] of [['abc', { auto_renew: true }], ['-1', { auto_renew: true }], [row.id, 'not json'], [row.id, '[]'], [row.id, 'null']] as const) {
      const answer = await putRenewal(app, id, body, headers);
      expect(answer.statusCode, `${id} ${JSON.stringify(body)}: ${answer.body}`).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
      expect(answer.json().status).toBe(false);
    }
    expect((await rowOf(app, row.id)).cancelAtPeriodEnd).toBe(false);
  });

  it('a checkout never paid is 404; an expired or ended subscription is 409 with the reason', async () => {
    const app = getApp();
    const user = await createUser(app);
    const headers = bearer(await signIn(app, user));
    await postJson(app, '/api/stripe/create-subscription', { planId: 2, userId: user.id, active: false }, headers);
    const [pending] = await app.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect((await putRenewal(app, pending!.id, { auto_renew: false }, headers)).statusCode).toBe(404);

    const expired = await subscribed(app);
    await app.db.update(subscriptions).set({ currentPeriodEnd: new Date(Date.now() - 60_000) }).where(eq(subscriptions.id, expired.row.id));
    const late = await putRenewal(app, expired.row.id, { auto_renew: false }, { ...expired.headers, 'accept-language': 'ar' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ status: false, msg: validationMessages.ar.subscriptionRenewalClosed });

    const ended = await subscribed(app);
    await app.db.update(subscriptions).set({ status: 'canceled', endedAt: new Date() }).where(eq(subscriptions.id, ended.row.id));
    const gone = await putRenewal(app, ended.row.id, { auto_renew: true }, ended.headers);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().msg).toBe(validationMessages.en.subscriptionRenewalClosed);
  });

  it("a subscription of a provider this site does not use is refused (409), not sent to the wrong provider", async () => {
    const app = getApp();
    const { headers, row } = await subscribed(app);
    await app.db.update(subscriptions).set({ provider: 'stripe', providerSubscriptionId: `sub_elsewhere_${row.id}` }).where(eq(subscriptions.id, row.id));
    const answer = await putRenewal(app, row.id, { auto_renew: false }, headers);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().msg).toBe(validationMessages.en.subscriptionRenewalUnavailable);
    expect((await rowOf(app, row.id)).cancelAtPeriodEnd).toBe(false);
  });
});

describe("the provider's customer.subscription.updated (local webhook, the same code path as Stripe's)", () => {
  let counter = 0;
  function updated(row: { id: number; providerSubscriptionId: string | null }, fields: Record<string, unknown>, created: number) {
    counter += 1;
    const payload = JSON.stringify({
      id: `evt_renewal_${counter}_${Date.now()}`,
      object: 'event',
      type: 'customer.subscription.updated',
      created,
      data: { object: { id: row.providerSubscriptionId, object: 'subscription', status: 'active', cancel_at_period_end: false, cancel_at: null, metadata: { subscription_id: String(row.id) }, ...fields } },
    });
    return { payload, header: signPayload(payload, LOCAL_SECRET) };
  }
  const deliver = (app: TestApp, event: { payload: string; header: string }) =>
    app.inject({ method: 'POST', url: '/api/payments/local/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': event.header }, payload: event.payload });

  it('a renewal turned off on the provider side shows on our row and is mailed; a cancel date counts as off; an older event changes nothing', async () => {
    const app = getApp();
    const { user, headers, row } = await subscribed(app);
    const now = Math.floor(Date.now() / 1000);
    expect((await deliver(app, updated(row, { cancel_at_period_end: true }, now + 1))).statusCode).toBe(200);
    expect((await rowOf(app, row.id)).cancelAtPeriodEnd).toBe(true);
    expect(((await getJson(app, '/api/subscriptions/mine', headers)).body.data as Array<Record<string, unknown>>)[0]).toMatchObject({ auto_renew: false, next_billing_date: null });
    expect(await mailsOf(app, user.email, 'subscription_renewal_off')).toHaveLength(1);

    // Older news (created before the state the row holds) arriving late: ignored.
    await deliver(app, updated(row, { cancel_at_period_end: false }, now - 30));
    expect((await rowOf(app, row.id)).cancelAtPeriodEnd).toBe(true);

    // Back on, then off through a cancel date instead of cancel_at_period_end.
    await deliver(app, updated(row, { cancel_at_period_end: false }, now + 2));
    expect((await rowOf(app, row.id)).cancelAtPeriodEnd).toBe(false);
    await deliver(app, updated(row, { cancel_at: now + 86_400 }, now + 3));
    expect((await rowOf(app, row.id)).cancelAtPeriodEnd).toBe(true);
    expect(await mailsOf(app, user.email, 'subscription_renewal_on')).toHaveLength(1);
    expect(await mailsOf(app, user.email, 'subscription_renewal_off')).toHaveLength(2);
  });

  it("our own change echoed back by the provider (created in the same second or before) does not undo a newer one", async () => {
    const app = getApp();
    const { user, headers, row } = await subscribed(app);
    const before = Math.floor(Date.now() / 1000);
    expect((await putRenewal(app, row.id, { auto_renew: false }, headers)).statusCode).toBe(200);
    expect((await putRenewal(app, row.id, { auto_renew: true }, headers)).statusCode).toBe(200);
    // The provider's event of the first change arrives after the second.
    await deliver(app, updated(row, { cancel_at_period_end: true }, before));
    expect((await rowOf(app, row.id)).cancelAtPeriodEnd).toBe(false);
    expect(await mailsOf(app, user.email, 'subscription_renewal_off')).toHaveLength(1);
  });
});

describe('receipts promise no next charge once renewal is off', () => {
  const base: Omit<ReceiptData, 'renewal'> = {
    number: 42,
    issuedAt: new Date('2026-03-01T10:00:00Z'),
    status: 'paid',
    amount: 299,
    currency: 'AED',
    customerName: 'Mona',
    customerEmail: 'mona@example.ae',
    planName: 'الخطة الأساسية',
    planNameEn: 'Basic Plan',
    periodStart: new Date('2026-03-01T10:00:00Z'),
    periodEnd: new Date('2027-03-01T10:00:00Z'),
    paymentMethod: 'card',
  };
  const now = new Date('2026-06-01T00:00:00Z');
  const subscription = { status: 'active', currentPeriodEnd: base.periodEnd, cancelAtPeriodEnd: false, endedAt: null };

  it('renewalNote: next billing while it renews, the end once off, nothing for an earlier period or an ended one', () => {
    expect(renewalNote(base, subscription, now)).toEqual({ renews: true, nextBillingDate: base.periodEnd });
    expect(renewalNote(base, { ...subscription, cancelAtPeriodEnd: true }, now)).toEqual({ renews: false, endsOn: base.periodEnd });
    expect(renewalNote(base, { ...subscription, currentPeriodEnd: new Date('2028-03-01T10:00:00Z') }, now)).toBeNull();
    expect(renewalNote(base, { ...subscription, status: 'canceled', endedAt: now }, now)).toBeNull();
    expect(renewalNote(base, subscription, new Date('2027-04-01T00:00:00Z'))).toBeNull();
    expect(renewalNote(base, null, now)).toBeNull();
  });

  it('the PDF rows and the e-mail: "Next billing date" while it renews; the end date and no next charge once off', () => {
    const renewing = renewalNote(base, subscription, now);
    const off = renewalNote(base, { ...subscription, cancelAtPeriodEnd: true }, now);
    const date = formatDate(base.periodEnd!, 'en', 'date');

    const rowsOn = receiptRows({ ...base, renewal: renewing });
    expect(rowsOn.find((row) => row.en === 'Next billing date')).toMatchObject({ ar: 'موعد الفاتورة القادمة', values: [date] });
    const rowsOff = receiptRows({ ...base, renewal: off });
    expect(rowsOff.find((row) => row.en === 'Next billing date')).toBeUndefined();
    expect(rowsOff.find((row) => row.en === 'Subscription ends on')?.values).toEqual([date, 'Renewal is off, nothing more is charged', 'التجديد متوقف ولن يُخصم أي مبلغ آخر']);

    const mail = (renewal: typeof renewing, locale: Locale) =>
      receiptMail({ ...base, locale, name: 'Mona', renewal, billingUrl: 'http://localhost:8080/profile?tab=billing' });
    const longEn = formatDate(base.periodEnd!, 'en', 'longDate');
    expect(mail(renewing, 'en').text).toContain(`Next billing date: ${longEn}`);
    const offEn = mail(off, 'en');
    expect(offEn.text).not.toContain('Next billing date');
    expect(offEn.text).toContain(`Subscription ends on: ${longEn}`);
    expect(offEn.text).toContain('Renewal is off, so nothing more will be charged.');
    const offAr = mail(off, 'ar');
    expect(offAr.text).not.toContain('موعد الفاتورة القادمة');
    expect(offAr.text).toContain(`ينتهي الاشتراك في: ${formatDate(base.periodEnd!, 'ar', 'longDate')}`);
    expect(offAr.html).toContain('التجديد متوقف، فلن يُخصم أي مبلغ آخر.');
  });
});
