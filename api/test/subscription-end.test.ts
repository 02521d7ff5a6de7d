/**
 * An administrator ends a member's subscription at once, perhaps giving its last payment back
 * (`POST admin/subscriptions/{id}/end`), with the built-in local checkout: a real purchase, then
 * what the member loses (the paywall), sees (profile, invoices, the receipt) and is told (the
 * e-mail, in their language), what the users screen and the audit log keep, the provider's own
 * later end changing nothing, and every refusal localized.
 */
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isolate } from '@scholars/shared-contracts/locale';
import { adminUserDetailsResponseSchema, dataExportSchema, formatInvoiceNumber, successMessages, translateMessage, validationMessages } from '@scholars/shared-contracts/schemas';
import { formatDate } from '@scholars/shared-contracts/locale';
import { auditLog, invoices, mailOutbox, subscriptions } from '../src/db/schema';
import { signPayload } from '../src/lib/payments/gateways';
import { receiptRows, type ReceiptData } from '../src/lib/invoices/receipt-pdf';
import { hasActiveSubscription } from '../src/plugins/app/paywall';
import { subscribed } from './billing-helpers';
import { bearer, createUser, getJson, postJson, signIn, useApp, type TestApp } from './helper';

const LOCAL_SECRET = 'subscription-end-test-local-payments-secret-0123';
process.env.LOCAL_PAYMENTS_SECRET = LOCAL_SECRET;

const getApp = useApp();

async function administrator(app: TestApp) {
  const admin = await createUser(app, { role: 'admin', name: 'Billing Administrator' });
  return { ...admin, headers: bearer(await signIn(app, admin)) };
}

const end = (app: TestApp, id: number | string, body: unknown, headers: Record<string, string>) => postJson(app, `/api/admin/subscriptions/${id}/end`, body, headers);
const rowOf = async (app: TestApp, id: number) => (await app.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const invoicesOf = (app: TestApp, subscriptionId: number) => app.db.select().from(invoices).where(eq(invoices.subscriptionId, subscriptionId));
const mailsOf = (app: TestApp, email: string) =>
  app.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, 'subscription_ended_by_staff')));

describe('POST admin/subscriptions/{id}/end', () => {
  it('ends a live subscription now and gives its last payment back: access gone, invoice refunded, the member told why, the audit kept', async () => {
    const app = getApp();
    const admin = await administrator(app);
    const { user, headers, row } = await subscribed(app, 'en');
    const [invoice] = await invoicesOf(app, row.id);
    expect(invoice?.status).toBe('paid');
    expect(await hasActiveSubscription(app.db, user.id)).toBe(true);

    const reason = 'You asked us for a refund within 14 days of paying.';
    const answer = await end(app, row.id, { reason, refund: true }, admin.headers);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.msg).toBe(translateMessage('en', 'success.subscriptionEndedRefunded', { amount: String(invoice!.amount) }));
    const page = adminUserDetailsResponseSchema.parse(answer.body).data;
    expect(page.id).toBe(user.id);
    const shown = page.subscriptions.find((item) => item.id === row.id)!;
    expect(shown).toMatchObject({ status: 'canceled', live: false, renews: false, ended_at: expect.any(String) });
    expect(shown.last_payment).toMatchObject({ invoice_id: invoice!.id, display_number: formatInvoiceNumber(invoice!.number), status: 'refunded', refunded_at: expect.any(String) });

    // Access ends at once; the period's end no longer counts.
    expect(await hasActiveSubscription(app.db, user.id)).toBe(false);
    const stored = await rowOf(app, row.id);
    expect(stored).toMatchObject({ status: 'canceled', endedAt: expect.any(Date) });
    const [refunded] = await invoicesOf(app, row.id);
    expect(refunded).toMatchObject({ status: 'refunded', refundedAt: expect.any(Date), providerRefundId: expect.stringMatching(/^re_local_/) });

    // The member's profile: ended (when), no next charge; the invoice says refunded.
    const mine = await getJson(app, '/api/subscriptions/mine', headers);
    expect(mine.body.data).toEqual([expect.objectContaining({ id: row.id, status: 'canceled', auto_renew: false, next_billing_date: null, ended_at: stored.endedAt!.toISOString() })]);
    const theirInvoices = await getJson(app, '/api/invoices/mine', headers);
    expect(theirInvoices.body.data).toEqual([expect.objectContaining({ id: invoice!.id, status: 'refunded', refunded_at: refunded!.refundedAt!.toISOString() })]);
    const pdf = await app.inject({ method: 'GET', url: `/api/invoices/${invoice!.id}/receipt`, headers });
    expect(pdf.statusCode).toBe(200);

    // The e-mail: which plan, when, why, what came back and how long a card refund takes.
    const [mail] = await mailsOf(app, user.email);
    expect(mail?.subject).toBe(`Your ${isolate('Basic Plan')} subscription has ended`);
    expect(mail?.textBody).toContain(`ended your ${isolate('Basic Plan')} subscription on ${formatDate(stored.endedAt!, 'en', 'longDate')}`);
    expect(mail?.textBody).toContain(reason);
    expect(mail?.textBody).toContain(`Your last payment (AED ${invoice!.amount}, invoice ${formatInvoiceNumber(invoice!.number)}) was given back`);
    expect(mail?.textBody).toContain('/profile?tab=billing');

    // The audit log: who, the reason, the subscription and the refund.
    const [entry] = await app.db.select().from(auditLog).where(and(eq(auditLog.action, 'subscription.end'), eq(auditLog.targetId, user.id))).orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ actorId: admin.id, targetType: 'user', reason });
    expect(entry?.details).toMatchObject({ subscription_id: row.id, refund: { invoice: formatInvoiceNumber(invoice!.number), amount: invoice!.amount } });

    // The member's own data: the decision with the reason they were told, the invoice refunded.
    const exported = dataExportSchema.parse((await app.inject({ method: 'GET', url: '/api/profile/export', headers })).json());
    expect(exported.account_decisions).toContainEqual(expect.objectContaining({ action: 'subscription.end', reason }));
    expect(exported.invoices).toEqual([expect.objectContaining({ status: 'refunded', refunded_at: refunded!.refundedAt!.toISOString() })]);

    // The provider's own end arriving later (its event) changes nothing; ending again is refused.
    const deleted = signedEvent('customer.subscription.deleted', { id: stored.providerSubscriptionId, object: 'subscription', status: 'canceled', metadata: { subscription_id: String(row.id) } });
    const webhook = await app.inject({ method: 'POST', url: '/api/payments/local/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': deleted.header }, payload: deleted.payload });
    expect(webhook.statusCode, webhook.body).toBe(200);
    expect((await rowOf(app, row.id)).endedAt?.toISOString()).toBe(stored.endedAt!.toISOString());
    const again = await end(app, row.id, { reason, refund: true }, admin.headers);
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(validationMessages.en.subscriptionNotLive);
    expect(await mailsOf(app, user.email)).toHaveLength(1);
  });

  it('without a refund: the payment stays paid, the Arabic member is told in Arabic that nothing came back', async () => {
    const app = getApp();
    const admin = await administrator(app);
    const { user, row } = await subscribed(app, 'ar');
    const answer = await end(app, row.id, { reason: 'دُفع الاشتراك من حساب مؤسسة بالخطأ.' }, { ...admin.headers, 'accept-language': 'ar' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.msg).toBe(successMessages.ar.subscriptionEnded);
    const [invoice] = await invoicesOf(app, row.id);
    expect(invoice).toMatchObject({ status: 'paid', refundedAt: null });
    const [mail] = await mailsOf(app, user.email);
    expect(mail?.subject).toBe(`انتهى اشتراكك في «${isolate('الباقة الأساسية')}»`);
    expect(mail?.textBody).toContain('دُفع الاشتراك من حساب مؤسسة بالخطأ.');
    expect(mail?.textBody).toContain('لم يُردّ أي مبلغ مع إنهاء الاشتراك.');
    expect(await hasActiveSubscription(app.db, user.id)).toBe(false);
  });

  it('administrators only; bad input a localized 400; what is not live, not ours to end or has nothing to give back a 409; never a 500', async () => {
    const app = getApp();
    const admin = await administrator(app);
    const { headers: memberHeaders, row } = await subscribed(app, 'en');
    const reviewer = await createUser(app, { role: 'reviewer' });
    const body = { reason: 'A reason', refund: false };

    expect((await end(app, row.id, body, {})).status).toBe(401);
    expect((await end(app, row.id, body, memberHeaders)).status).toBe(403);
    expect((await end(app, row.id, body, bearer(await signIn(app, reviewer)))).status).toBe(403);
    expect((await rowOf(app, row.id)).status).toBe('active');

    const noReason = await end(app, row.id, { reason: '   ', refund: true }, { ...admin.headers, 'accept-language': 'ar' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.msg).toBe(validationMessages.ar.reviewReasonRequired);
    expect((await end(app, row.id, { reason: 'x', refund: 'yes' }, admin.headers)).status).toBe(400);
    expect((await end(app, 'abc', body, admin.headers)).status).toBe(400);
    expect((await end(app, 2_000_000_000, body, admin.headers)).status).toBe(404);

    // A checkout never paid.
    const pendingOwner = await createUser(app);
    const [pending] = await app.db.insert(subscriptions).values({ userId: pendingOwner.id, planId: 1, price: 299, provider: 'local', status: 'pending' }).returning();
    const notLive = await end(app, pending!.id, body, admin.headers);
    expect(notLive.status).toBe(409);
    expect(notLive.body.msg).toBe(validationMessages.en.subscriptionNotLive);

    // Over: its paid period ended (expired), not something to end.
    const later = new Date(Date.now() - 86_400_000);
    const [expired] = await app.db
      .insert(subscriptions)
      .values({ userId: pendingOwner.id, planId: 1, price: 299, provider: 'local', status: 'active', providerSubscriptionId: `sub_local_x${row.id}`, currentPeriodStart: new Date(later.getTime() - 365 * 86_400_000), currentPeriodEnd: later })
      .returning();
    expect((await end(app, expired!.id, body, admin.headers)).status).toBe(409);

    // Paid through a provider this site does not use now.
    const future = new Date(Date.now() + 30 * 86_400_000);
    const [stripeOne] = await app.db
      .insert(subscriptions)
      .values({ userId: pendingOwner.id, planId: 1, price: 299, provider: 'stripe', status: 'active', providerSubscriptionId: `sub_elsewhere_${row.id}`, currentPeriodStart: new Date(), currentPeriodEnd: future })
      .returning();
    const elsewhere = await end(app, stripeOne!.id, body, admin.headers);
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.msg).toBe(validationMessages.en.subscriptionEndUnavailable);
    expect((await rowOf(app, stripeOne!.id)).endedAt).toBeNull();

    // Live, but no payment on record to give back.
    const [unpaid] = await app.db
      .insert(subscriptions)
      .values({ userId: pendingOwner.id, planId: 1, price: 299, provider: 'local', status: 'active', providerSubscriptionId: `sub_local_y${row.id}`, currentPeriodStart: new Date(), currentPeriodEnd: future })
      .returning();
    const nothing = await end(app, unpaid!.id, { reason: 'A reason', refund: true }, admin.headers);
    expect(nothing.status).toBe(409);
    expect(nothing.body.msg).toBe(validationMessages.en.subscriptionNothingToRefund);
    expect((await rowOf(app, unpaid!.id)).endedAt).toBeNull();
  });

  it("the receipt of a refunded payment says so, with the day it was given back", () => {
    const receipt: ReceiptData = {
      number: 12,
      issuedAt: new Date('2026-11-01T10:00:00Z'),
      status: 'refunded',
      refundedAt: new Date('2026-11-20T10:00:00Z'),
      amount: 299,
      currency: 'AED',
      customerName: 'Member',
      customerEmail: 'member@example.ae',
      planName: 'الخطة الأساسية',
      planNameEn: 'Basic Plan',
      periodStart: null,
      periodEnd: null,
      paymentMethod: 'card',
      renewal: null,
    };
    const status = receiptRows(receipt).find((row) => row.en === 'Status');
    expect(status?.values).toEqual([`Refunded on ${formatDate(receipt.refundedAt!, 'en', 'date')}`, 'مستردّة']);
  });
});

/** A signed event of the local provider, as the simulator's webhook takes it. */
function signedEvent(type: string, object: Record<string, unknown>) {
  const created = Math.floor(Date.now() / 1000) + 1;
  const payload = JSON.stringify({ id: `evt_local_end_${Date.now()}_${Math.random()}`, object: 'event', type, created, livemode: false, data: { object } });
  return { payload, header: signPayload(payload, LOCAL_SECRET) };
}
