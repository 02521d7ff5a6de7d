-- A full conference's waiting list: a member waits for a seat; a freed seat goes to the one who has
-- waited longest (registered and told by e-mail), in the order of joining.
CREATE TABLE "conference_waiting_list" (
	"conference_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conference_waiting_list_pk" PRIMARY KEY("conference_id","user_id")
);--> statement-breakpoint
ALTER TABLE "conference_waiting_list" ADD CONSTRAINT "conference_waiting_list_conference_id_fk" FOREIGN KEY ("conference_id") REFERENCES "public"."conferences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conference_waiting_list" ADD CONSTRAINT "conference_waiting_list_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conference_waiting_list_order_idx" ON "conference_waiting_list" USING btree ("conference_id","created_at","user_id");--> statement-breakpoint
CREATE INDEX "conference_waiting_list_user_idx" ON "conference_waiting_list" USING btree ("user_id");
