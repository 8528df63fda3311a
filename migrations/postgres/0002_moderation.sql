CREATE TABLE "admin_audit" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"at" text NOT NULL,
	"admin" text NOT NULL,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"detail" text DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_removals" (
	"lobby_id" text NOT NULL,
	"seq" integer NOT NULL,
	CONSTRAINT "chat_removals_lobby_id_seq_pk" PRIMARY KEY("lobby_id","seq")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lobby_id" text NOT NULL,
	"seq" integer NOT NULL,
	"reporter_id" text NOT NULL,
	"reporter_name" text NOT NULL,
	"reporter_address" text NOT NULL,
	"target_id" text NOT NULL,
	"target_name" text NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" text NOT NULL,
	"resolved_at" text,
	"resolved_by" text,
	"resolution" text
);
--> statement-breakpoint
CREATE TABLE "sanctions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sanctions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"target_kind" text NOT NULL,
	"target" text NOT NULL,
	"lobby_id" text,
	"reason" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" text NOT NULL,
	"expires_at" text,
	"lifted_at" text,
	"lifted_by" text
);
--> statement-breakpoint
ALTER TABLE "chat_removals" ADD CONSTRAINT "chat_removals_lobby_id_lobbies_id_fk" FOREIGN KEY ("lobby_id") REFERENCES "public"."lobbies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_admin_idx" ON "admin_audit" USING btree ("admin","id");--> statement-breakpoint
CREATE INDEX "reports_open_idx" ON "reports" USING btree ("created_at") WHERE "reports"."resolved_at" IS NULL;--> statement-breakpoint
CREATE INDEX "reports_lobby_idx" ON "reports" USING btree ("lobby_id");--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id","created_at");--> statement-breakpoint
CREATE INDEX "sanctions_active_idx" ON "sanctions" USING btree ("target_kind","target") WHERE "sanctions"."lifted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "sanctions_created_idx" ON "sanctions" USING btree ("created_at");