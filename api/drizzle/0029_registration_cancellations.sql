-- Who cancelled a conference registration (decisions.md, "Conferences": a conference archived or
-- unpublished before it ends cancels its registrations, and the member's profile says the organisers
-- did), and the SEQUENCE of the member's calendar entry for the conference: the registration mail's
-- calendar carries it, and each cancellation (the member's, the organisers') raises it, so that
-- calendar clients apply the METHOD:CANCEL to the entry they hold (and a registration revived later
-- replaces the cancellation).
ALTER TABLE "conference_registrations" ADD COLUMN "canceled_by" text;--> statement-breakpoint
ALTER TABLE "conference_registrations" ADD COLUMN "ics_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every registration cancelled so far was cancelled by its member (their own cancel, or closing their account).
UPDATE "conference_registrations" SET "canceled_by" = 'member' WHERE "status" = 'canceled';--> statement-breakpoint
ALTER TABLE "conference_registrations" ADD CONSTRAINT "conference_registrations_canceled_by_ck" CHECK ("conference_registrations"."canceled_by" IS NULL OR "conference_registrations"."canceled_by" IN ('member', 'organizers'));
