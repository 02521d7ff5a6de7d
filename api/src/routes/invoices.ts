/**
 * The signed-in user's invoices and their bilingual PDF receipts (spec 3 "Invoice"). An invoice
 * is only ever shown to its owner: anyone else gets 404, as for an invoice that does not exist.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorEnvelopeSchema,
  formatInvoiceNumber,
  idParamsSchema,
  invoiceResponseSchema,
  invoicesResponseSchema,
  type Invoice,
} from '@scholars/shared-contracts/schemas';
import { invoices, subscriptionPlans, subscriptions, users } from '../db/schema';
import { notFound } from '../lib/errors';
import { renderReceiptPdf } from '../lib/invoices/receipt-pdf';
import { sendPdf } from '../lib/pdf-text';
import { renewalNote } from '../lib/invoices/renewal';
import { errorResponses, notFoundResponse } from './schemas';

type InvoiceRow = typeof invoices.$inferSelect;

function invoiceView(row: InvoiceRow, plan: { name: string; nameEn: string } | null): Invoice {
  return {
    id: row.id,
    number: row.number,
    display_number: formatInvoiceNumber(row.number),
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    subscription_id: row.subscriptionId,
    plan_name: plan?.name ?? null,
    plan_name_en: plan?.nameEn ?? null,
    period_start: row.periodStart?.toISOString() ?? null,
    period_end: row.periodEnd?.toISOString() ?? null,
    payment_method: row.paymentMethod,
    issued_at: row.issuedAt.toISOString(),
    refunded_at: row.refundedAt?.toISOString() ?? null,
  };
}

const authErrors = { 401: errorEnvelopeSchema.describe('Not signed in') };

const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const planColumns = { name: subscriptionPlans.name, nameEn: subscriptionPlans.nameEn };

  async function ownInvoice(id: number, userId: number) {
    const [found] = await app.db
      .select({ row: invoices, plan: planColumns })
      .from(invoices)
      .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, invoices.planId))
      .where(and(eq(invoices.id, id), eq(invoices.userId, userId)));
    if (!found) throw notFound();
    return found;
  }

  app.get(
    '/invoices/mine',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['billing'],
        summary: "The signed-in user's invoices, newest first",
        security: [{ bearerAuth: [] }],
        response: { 200: invoicesResponseSchema, ...authErrors, ...errorResponses },
      },
    },
    async (request) => {
      const rows = await app.db
        .select({ row: invoices, plan: planColumns })
        .from(invoices)
        .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, invoices.planId))
        .where(eq(invoices.userId, request.user!.id))
        .orderBy(desc(invoices.issuedAt), desc(invoices.number));
      return { status: true as const, data: rows.map(({ row, plan }) => invoiceView(row, plan)) };
    },
  );

  app.get(
    '/invoices/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['billing'],
        summary: 'One invoice of the signed-in user (404 for anyone else)',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        response: { 200: invoiceResponseSchema, ...authErrors, ...notFoundResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { row, plan } = await ownInvoice(request.params.id, request.user!.id);
      return { status: true as const, data: invoiceView(row, plan) };
    },
  );

  app.get(
    '/invoices/:id/receipt',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['billing'],
        summary: 'The bilingual (Arabic and English) PDF receipt of an invoice, for its owner only',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        produces: ['application/pdf'],
        response: { ...authErrors, ...notFoundResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { row, plan } = await ownInvoice(request.params.id, request.user!.id);
      const [owner] = await app.db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, row.userId));
      // What comes next, said on the receipt of the subscription's current period only (renewal.ts).
      const [subscription] = row.subscriptionId ? await app.db.select().from(subscriptions).where(eq(subscriptions.id, row.subscriptionId)) : [];
      const pdf = await renderReceiptPdf({
        number: row.number,
        issuedAt: row.issuedAt,
        status: row.status,
        refundedAt: row.refundedAt,
        amount: row.amount,
        currency: row.currency,
        customerName: owner?.name ?? '',
        customerEmail: owner?.email ?? '',
        planName: plan?.name ?? null,
        planNameEn: plan?.nameEn ?? null,
        periodStart: row.periodStart,
        periodEnd: row.periodEnd,
        paymentMethod: row.paymentMethod,
        renewal: renewalNote(row, subscription),
      });
      return sendPdf(reply, `receipt-${formatInvoiceNumber(row.number)}.pdf`, pdf);
    },
  );
};
export default invoiceRoutes;
