-- One-time codes get a third purpose: the code sent to a new e-mail address, which replaces the
-- account's address only once confirmed (PUT /api/profile, POST /api/profile/email/confirm).
-- The value is not used within this migration's transaction (PostgreSQL forbids that before commit).
ALTER TYPE "public"."otp_purpose" ADD VALUE 'change_email';