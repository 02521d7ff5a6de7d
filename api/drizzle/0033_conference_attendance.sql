-- Attendance at a conference, marked by its organizers once it has started: the member's
-- certificate of attendance is available from then on.
ALTER TABLE "conference_registrations" ADD COLUMN "attended_at" timestamp with time zone;
