/**
 * The administrators' payments list and its CSV: every member's invoices, newest first, searched by
 * invoice number or by the member (Arabic folded), filtered by state and by the day of issue; a
 * refund shows at once; bad filters answer a localized 400.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminPaymentsResponseSchema, adminPaymentsSummaryResponseSchema, formatInvoiceNumber, validationMessages } from '@scholars/shared-contracts/schemas';
import { localDateTime, PLATFORM_TIME_ZONE } from '@scholars/shared-contracts/locale';
import { invoices } from '../src/db/schema';
import { buyWithLocalCheckout } from './billing-helpers';
import { getJson, postJson, signedInUser, useApp } from './helper';

const app = useApp();

async function paidMember(name: string) {
  const { user, headers } = await signedInUser(app(), { name, locale: 'ar' });
  const row = await buyWithLocalCheckout(app(), user, headers, 1);
  const [invoice] = await app().db.select().from(invoices).where(eq(invoices.subscriptionId, row.id));
  return { user, row, invoice: invoice! };
}

async function payments(query: string, headers: Record<string, string>) {
  const answer = await getJson(app(), `/api/admin/payments${query}`, headers);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return adminPaymentsResponseSchema.parse(answer.body);
}

describe('GET admin/payments', () => {
  it('lists every member’s invoices newest first; finds one by its number or by the member; filters by state and day; shows a refund at once', async () => {
    const { headers } = await signedInUser(app(), { role: 'admin' });
    const first = await paidMember('أحمد الإداري');
    const second = await paidMember('Layla Finance');

    const all = await payments('?limit=100', headers);
    const ids = all.data.map((item) => item.id);
    expect(ids.indexOf(second.invoice.id)).toBeLessThan(ids.indexOf(first.invoice.id));
    expect(all.data.find((item) => item.id === first.invoice.id)).toEqual({
      id: first.invoice.id,
      display_number: formatInvoiceNumber(first.invoice.number),
      issued_at: first.invoice.issuedAt.toISOString(),
      amount: first.invoice.amount,
      currency: 'AED',
      status: 'paid',
      refunded_at: null,
      provider: 'local',
      payment_method: first.invoice.paymentMethod,
      plan: { name: expect.any(String), name_en: expect.any(String) },
      member: { id: first.user.id, name: 'أحمد الإداري', email: first.user.email },
    });

    // By number, as shown or as typed; by the member's name (hamza folded) or address.
    for (const q of [formatInvoiceNumber(first.invoice.number), `inv-${first.invoice.number}`, String(first.invoice.number)]) {
      expect((await payments(`?q=${encodeURIComponent(q)}`, headers)).data.map((item) => item.id), q).toEqual([first.invoice.id]);
    }
    expect((await payments(`?q=${encodeURIComponent('احمد الاداري')}`, headers)).data.map((item) => item.id)).toEqual([first.invoice.id]);
    expect((await payments(`?q=${encodeURIComponent(second.user.email.toUpperCase())}`, headers)).data.map((item) => item.id)).toEqual([second.invoice.id]);

    // The day of issue (Gulf time): today holds both, tomorrow neither.
    const today = localDateTime(PLATFORM_TIME_ZONE, new Date()).date;
    const tomorrow = localDateTime(PLATFORM_TIME_ZONE, new Date(Date.now() + 86_400_000)).date;
    const todays = await payments(`?from=${today}&to=${today}&limit=100`, headers);
    expect(todays.data.map((item) => item.id)).toEqual(expect.arrayContaining([first.invoice.id, second.invoice.id]));
    expect((await payments(`?from=${tomorrow}`, headers)).tot).toBe(0);

    // Refunded from the console: the list says so, and the state filter finds it.
    const ended = await postJson(app(), `/api/admin/subscriptions/${first.row.id}/end`, { reason: 'Paid twice by mistake.', refund: true }, headers);
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    const refunded = await payments('?status=refunded', headers);
    expect(refunded.data.map((item) => item.id)).toContain(first.invoice.id);
    expect(refunded.data.find((item) => item.id === first.invoice.id)).toMatchObject({ status: 'refunded', refunded_at: expect.any(String) });
    expect((await payments('?status=paid&limit=100', headers)).data.map((item) => item.id)).not.toContain(first.invoice.id);

    // Pages: tot counts every match.
    const onePerPage = await payments('?limit=1&page=2', headers);
    expect(onePerPage.tot).toBe(all.tot);
    expect(onePerPage.data.map((item) => item.id)).toEqual([all.data[1]!.id]);
  });

  it('exports the matches as CSV, newest first, Arabic names intact', async () => {
    const { headers } = await signedInUser(app(), { role: 'admin' });
    const member = await paidMember('مريم، المحاسبة');
    const answer = await app().inject({ method: 'GET', url: `/api/admin/payments/export?q=${member.invoice.number}`, headers });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(answer.headers['cache-control']).toBe('no-store');
    const [header, row, end] = answer.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe('invoice,issued_at,member_id,member,email,plan,amount,currency,status,refunded_at,provider,payment_method');
    const [item] = (await payments(`?q=${member.invoice.number}`, headers)).data;
    expect(row).toBe(
      [
        item!.display_number,
        item!.issued_at,
        member.user.id,
        'مريم، المحاسبة',
        member.user.email,
        item!.plan!.name_en,
        member.invoice.amount.toFixed(2),
        'AED',
        'paid',
        '',
        'local',
        member.invoice.paymentMethod ?? '',
      ].join(','),
    );
    expect(end).toBe('');
  });

  it('sums the matching invoices per state: what was kept, what was given back; the filters apply', async () => {
    const { headers } = await signedInUser(app(), { role: 'admin' });
    const kept = await paidMember('Summary Kept');
    const returned = await paidMember('Summary Returned');
    const ended = await postJson(app(), `/api/admin/subscriptions/${returned.row.id}/end`, { reason: 'Asked within 14 days.', refund: true }, headers);
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    const summary = async (query: string) => {
      const answer = await getJson(app(), `/api/admin/payments/summary${query}`, headers);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return adminPaymentsSummaryResponseSchema.parse(answer.body).data;
    };
    expect(await summary('?q=Summary')).toEqual([
      { status: 'paid', currency: 'AED', count: 1, amount: kept.invoice.amount },
      { status: 'refunded', currency: 'AED', count: 1, amount: returned.invoice.amount },
    ]);
    expect(await summary('?q=Summary&status=paid')).toEqual([{ status: 'paid', currency: 'AED', count: 1, amount: kept.invoice.amount }]);
    // Every invoice of the day (Gulf time), these two among them; none tomorrow.
    const today = localDateTime(PLATFORM_TIME_ZONE, new Date()).date;
    const day = await summary(`?from=${today}&to=${today}`);
    const listed = await payments(`?from=${today}&to=${today}&limit=100`, headers);
    expect(day.reduce((sum, row) => sum + row.count, 0)).toBe(listed.tot);
    const paidToday = listed.data.filter((item) => item.status === 'paid');
    expect(day.find((row) => row.status === 'paid')?.amount).toBeCloseTo(paidToday.reduce((sum, item) => sum + item.amount, 0), 2);
    const tomorrow = localDateTime(PLATFORM_TIME_ZONE, new Date(Date.now() + 86_400_000)).date;
    expect(await summary(`?from=${tomorrow}`)).toEqual([]);
    const badDay = await getJson(app(), '/api/admin/payments/summary?to=yesterday', { ...headers, 'accept-language': 'ar' });
    expect(badDay.status).toBe(400);
    expect(badDay.body).toMatchObject({ status: false, err: 400, errors: { to: validationMessages.ar.dateInvalid } });
  });

  it('refuses a bad state or day with a localized 400', async () => {
    const { headers } = await signedInUser(app(), { role: 'admin' });
    const badState = await getJson(app(), '/api/admin/payments?status=lost', { ...headers, 'accept-language': 'ar' });
    expect(badState.status).toBe(400);
    expect(badState.body).toMatchObject({ status: false, err: 400, errors: { status: expect.stringMatching(/^يجب/) } });
    const badDay = await getJson(app(), '/api/admin/payments/export?from=2026-13-01', headers);
    expect(badDay.status).toBe(400);
    expect(badDay.body).toMatchObject({ status: false, err: 400, errors: { from: validationMessages.en.dateInvalid } });
  });
});
