ALTER TABLE "research_chat_messages" ADD COLUMN "client_id" text;--> statement-breakpoint
CREATE INDEX "research_chat_sender_created_idx" ON "research_chat_messages" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "research_chat_sender_client_uq" ON "research_chat_messages" USING btree ("sender_id","client_id");