CREATE TABLE "billing_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"value" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "number" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "plan_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "provider" "payment_provider";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "canceled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "interval" text DEFAULT 'year' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_provider_invoice_uq" ON "invoices" USING btree ("provider","provider_invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_subscription_uq" ON "subscriptions" USING btree ("provider","provider_subscription_id");--> statement-breakpoint
DROP SEQUENCE "public"."invoice_number_seq";