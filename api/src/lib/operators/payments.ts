/**
 * The administrators' payments list (decisions.md "Payments: the administrators' list"): every
 * member's invoices, newest first, found by invoice number or by the member, filtered by state
 * and by the day of issue (the platform's time zone); and the same as CSV for the accounts.
 */
import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { formatInvoiceNumber, type AdminPaymentItem, type AdminPaymentsSummary, type adminPaymentsExportQuerySchema, type adminPaymentsQuerySchema } from '@scholars/shared-contracts/schemas';
import { PLATFORM_TIME_ZONE } from '@scholars/shared-contracts/locale';
import type { Db } from '../../db/client';
import { invoices, subscriptionPlans, users } from '../../db/schema';
import { toCsv } from '../csv';
import { foldedSearchConditions, pageOffset } from '../pagination';

type PaymentsFilter = z.output<typeof adminPaymentsExportQuerySchema>;

/** "INV-000042", "inv-42" or "42": the invoice number it names, else undefined. */
function invoiceNumberOf(q: string): number | undefined {
  const match = /^(?:inv-?)?0*(\d{1,9})$/i.exec(q.trim());
  return match ? Number(match[1]) : undefined;
}

/** Midnight of a calendar day in the platform's time zone. */
const startOfDay = (day: string, plusDays = 0) => sql`((${day}::date + ${plusDays}::int)::timestamp AT TIME ZONE ${PLATFORM_TIME_ZONE})`;

function paymentsFilter(query: PaymentsFilter): SQL | undefined {
  const where: Array<SQL | undefined> = [];
  if (query.status !== 'all') where.push(eq(invoices.status, query.status));
  if (query.from) where.push(gte(invoices.issuedAt, startOfDay(query.from)));
  if (query.to) where.push(lt(invoices.issuedAt, startOfDay(query.to, 1)));
  if (query.q) {
    // A number is an invoice's (an address holding those digits is not what was asked for).
    const number = invoiceNumberOf(query.q);
    where.push(number === undefined ? and(...foldedSearchConditions([users.name, users.email], query.q)) : eq(invoices.number, number));
  }
  return and(...where);
}

const columns = { invoice: invoices, plan: { name: subscriptionPlans.name, nameEn: subscriptionPlans.nameEn }, member: { id: users.id, name: users.name, email: users.email } };

function rowsOf(db: Db, query: PaymentsFilter) {
  return db
    .select(columns)
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, invoices.planId))
    .where(paymentsFilter(query))
    .orderBy(desc(invoices.issuedAt), desc(invoices.number));
}

type Row = Awaited<ReturnType<typeof rowsOf>>[number];

function itemOf({ invoice, plan, member }: Row): AdminPaymentItem {
  return {
    id: invoice.id,
    display_number: formatInvoiceNumber(invoice.number),
    issued_at: invoice.issuedAt.toISOString(),
    amount: invoice.amount,
    currency: invoice.currency,
    status: invoice.status,
    refunded_at: invoice.refundedAt?.toISOString() ?? null,
    provider: invoice.provider,
    payment_method: invoice.paymentMethod,
    plan: plan ? { name: plan.name, name_en: plan.nameEn } : null,
    member,
  };
}

export async function listPayments(db: Db, query: z.output<typeof adminPaymentsQuerySchema>): Promise<{ items: AdminPaymentItem[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    rowsOf(db, query).limit(query.limit).offset(pageOffset(query.page, query.limit)),
    db.select({ n: count() }).from(invoices).innerJoin(users, eq(users.id, invoices.userId)).where(paymentsFilter(query)),
  ]);
  return { items: rows.map(itemOf), total: total?.n ?? 0 };
}

/** The invoices the filter matches, counted and summed per state and currency (exact in numeric, then to fils). */
export async function paymentsSummary(db: Db, query: PaymentsFilter): Promise<AdminPaymentsSummary> {
  const rows = await db
    .select({ status: invoices.status, currency: invoices.currency, count: count(), amount: sql<string>`coalesce(sum(${invoices.amount}), 0)::numeric(14, 2)::text` })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(paymentsFilter(query))
    .groupBy(invoices.status, invoices.currency)
    .orderBy(invoices.status, invoices.currency);
  return rows.map((row) => ({ ...row, amount: Number(row.amount) }));
}

/** Every invoice the filter matches, newest first, as CSV (amounts as numbers, times in UTC). */
export async function paymentsCsv(db: Db, query: PaymentsFilter): Promise<string> {
  const rows = await rowsOf(db, query);
  return toCsv([
    ['invoice', 'issued_at', 'member_id', 'member', 'email', 'plan', 'amount', 'currency', 'status', 'refunded_at', 'provider', 'payment_method'],
    ...rows.map((row) => {
      const item = itemOf(row);
      return [
        item.display_number,
        item.issued_at,
        item.member.id,
        item.member.name,
        item.member.email,
        item.plan?.name_en || item.plan?.name || '',
        item.amount.toFixed(2),
        item.currency,
        item.status,
        item.refunded_at,
        item.provider,
        item.payment_method,
      ];
    }),
  ]);
}
