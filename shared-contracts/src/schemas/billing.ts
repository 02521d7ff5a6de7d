/**
 * Subscriptions, invoices and payments (spec 3, 4, 8; decisions.md "Payments"). The purchase call
 * itself (`POST stripe/create-subscription`) lives in forms.ts with the other calls of spec 7.
 * Paths are relative to the API base (`/api`).
 */
import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './fields';
import { successSchema } from './envelope';

// The codes live in a module without zod: the shared UI checks them on pages that load no schema.
export { BILLING_ERR } from './billing-codes';

/** Stored states of a subscription; `expired` is computed (active, period over). */
export const subscriptionStatusSchema = z.enum(['pending', 'active', 'canceled', 'expired', 'failed']);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const paymentProviderSchema = z.enum(['stripe', 'local']);
export type PaymentProvider = z.infer<typeof paymentProviderSchema>;

/** Spec 3: current plan, price per period, next billing date, payment method. */
export const subscriptionSummarySchema = z.object({
  id: idSchema,
  plan_id: idSchema,
  plan_name: z.string().describe('Arabic plan name'),
  plan_name_en: z.string(),
  status: subscriptionStatusSchema,
  price: z.number().nonnegative().describe('Price per period'),
  currency: z.string().describe('ISO 4217, AED'),
  interval: z.string().describe("Billing period: 'year'"),
  provider: paymentProviderSchema,
  payment_method: z.string().nullable().describe("e.g. 'card', 'local_test_card'"),
  start_date: isoDateTimeSchema.nullable(),
  /** The next charge: the end of the paid period while the subscription is active and renews; null otherwise. */
  next_billing_date: isoDateTimeSchema.nullable(),
  /** The end of the paid period (access lasts until then), whether or not it renews. */
  period_end: isoDateTimeSchema.nullable(),
  /** Whether the subscription renews at the end of its period (false once the member turned renewal off, and once it ended). */
  auto_renew: z.boolean(),
  /** When it ended before its period did (the provider, or the site's administrators); access ended then. */
  ended_at: isoDateTimeSchema.nullable(),
  created_at: isoDateTimeSchema,
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;
/** `GET subscriptions/mine` */
export const subscriptionsResponseSchema = successSchema(z.array(subscriptionSummarySchema));
export const subscriptionResponseSchema = successSchema(subscriptionSummarySchema);

/**
 * `PUT subscriptions/{id}/renewal`: the member turns the renewal of one of their active
 * subscriptions off (`auto_renew: false`: it ends with its paid period, nothing more is charged)
 * or back on before the period ends. The profile's confirmation sends it as it is.
 */
export const subscriptionRenewalBodySchema = z.object({
  auto_renew: z.boolean({ error: 'validation.mustBeBoolean' }),
});
export type SubscriptionRenewalBody = z.infer<typeof subscriptionRenewalBodySchema>;

/** `refunded`: the payment was given back (an administrator ended the subscription with a refund). */
export const invoiceStatusSchema = z.enum(['paid', 'canceled', 'refunded']);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

/** Spec 3: number, amount, status. */
export const invoiceSchema = z.object({
  id: idSchema,
  number: z.number().int().positive().describe('Sequential, never reused'),
  display_number: z.string().describe('INV-000042'),
  amount: z.number().nonnegative(),
  currency: z.string(),
  status: invoiceStatusSchema,
  subscription_id: idSchema.nullable(),
  plan_name: z.string().nullable(),
  plan_name_en: z.string().nullable(),
  period_start: isoDateTimeSchema.nullable(),
  period_end: isoDateTimeSchema.nullable(),
  payment_method: z.string().nullable(),
  issued_at: isoDateTimeSchema,
  refunded_at: isoDateTimeSchema.nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
/** `GET invoices/mine` */
export const invoicesResponseSchema = successSchema(z.array(invoiceSchema));
export const invoiceResponseSchema = successSchema(invoiceSchema);

/** `INV-000042` */
export function formatInvoiceNumber(number: number): string {
  return `INV-${String(number).padStart(6, '0')}`;
}

/** Webhook acknowledgement: `{ status: true, data: { received, duplicate } }`. */
export const webhookAckSchema = successSchema(
  z.object({
    received: z.literal(true),
    duplicate: z.boolean().describe('The event was applied before; nothing changed'),
  }),
);
