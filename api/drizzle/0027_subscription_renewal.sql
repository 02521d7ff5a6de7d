-- A member turns the renewal of a subscription off (and back on before the paid period ends):
-- the subscription keeps its period and ends with it, nothing more is charged. With Stripe the
-- change is Stripe's `cancel_at_period_end`, made through the payment provider, and Stripe's
-- `customer.subscription.updated` events keep the column in step when it changes on Stripe's side.
-- `renewal_changed_at`: when our row last took the state from the provider's answer to the
-- member's call; an event created before that second does not overwrite it. Rows of today renew.
ALTER TABLE "subscriptions" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_changed_at" timestamp with time zone;
