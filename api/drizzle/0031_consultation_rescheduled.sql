-- A member moved a session to another time: from which time, when and why, so that the consultant,
-- asked again, sees a moved session (not a new request) and the member's reason on its card.
ALTER TABLE "consultations" ADD COLUMN "rescheduled_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "rescheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "reschedule_reason" text;
