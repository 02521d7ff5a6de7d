-- An administrator ends a live subscription at once (a refund, a chargeback, an account paid by
-- mistake), and may give its last payment back in full. The invoice of a payment given back is
-- `refunded`, with when and the provider's refund id (Stripe's `re_...`; the local simulator's own).
ALTER TYPE "public"."invoice_status" ADD VALUE 'refunded';--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "provider_refund_id" text;
