-- Each account's staff role moves into the set (a member has none), then the single column goes.
UPDATE "users" SET "roles" = ARRAY["role"]::"user_role"[] WHERE "role" <> 'user';--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "role";
