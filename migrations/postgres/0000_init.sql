CREATE TABLE "lobbies" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" text NOT NULL,
	"admin_id" text NOT NULL,
	"status" text NOT NULL,
	"rules_version" integer NOT NULL,
	"last_seq" integer NOT NULL,
	"winner" integer,
	"players" text DEFAULT '[]' NOT NULL,
	"updated_at" text NOT NULL,
	"started_at" text,
	"rematch_id" text
);
--> statement-breakpoint
CREATE TABLE "lobby_events" (
	"lobby_id" text NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"payload" text NOT NULL,
	"seed" bigint,
	"at" text NOT NULL,
	CONSTRAINT "lobby_events_lobby_id_seq_pk" PRIMARY KEY("lobby_id","seq")
);
--> statement-breakpoint
CREATE TABLE "lobby_snapshots" (
	"lobby_id" text NOT NULL,
	"seq" integer NOT NULL,
	"state" text NOT NULL,
	"created_at" text DEFAULT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') NOT NULL,
	CONSTRAINT "lobby_snapshots_lobby_id_seq_pk" PRIMARY KEY("lobby_id","seq")
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"created_at" text NOT NULL,
	"lobby_id" text
);
--> statement-breakpoint
ALTER TABLE "lobby_events" ADD CONSTRAINT "lobby_events_lobby_id_lobbies_id_fk" FOREIGN KEY ("lobby_id") REFERENCES "public"."lobbies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lobby_snapshots" ADD CONSTRAINT "lobby_snapshots_lobby_id_lobbies_id_fk" FOREIGN KEY ("lobby_id") REFERENCES "public"."lobbies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_lobby_id_lobbies_id_fk" FOREIGN KEY ("lobby_id") REFERENCES "public"."lobbies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lobbies_status_idx" ON "lobbies" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "lobbies_retention_idx" ON "lobbies" USING btree ("updated_at") WHERE "lobbies"."status" = 'closed' AND "lobbies"."started_at" IS NULL;--> statement-breakpoint
CREATE INDEX "lobbies_list_idx" ON "lobbies" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "lobbies_started_list_idx" ON "lobbies" USING btree ("created_at","id") WHERE "lobbies"."started_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "players_lobby_idx" ON "players" USING btree ("lobby_id") WHERE lobby_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "players_unseated_idx" ON "players" USING btree ("created_at","id") WHERE name = '' AND lobby_id IS NULL;