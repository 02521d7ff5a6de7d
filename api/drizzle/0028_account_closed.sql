-- A member closes their own account (decisions.md "Closing an account"): the row stays, since
-- research, chat messages, invoices and the audit log refer to it, but its personal data is erased
-- in the transaction that sets `closed_at`. A closed account never signs in again and its public
-- profile shows only the neutral name. Rows of today are open accounts.
ALTER TABLE "users" ADD COLUMN "closed_at" timestamp with time zone;
