ALTER TABLE "lobbies" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lobbies" ADD COLUMN "w" integer;--> statement-breakpoint
ALTER TABLE "lobbies" ADD COLUMN "h" integer;--> statement-breakpoint
ALTER TABLE "lobbies" ADD COLUMN "clock" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lobbies" ADD COLUMN "bot_level" text DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE "lobbies" ADD COLUMN "quick_seats" integer;--> statement-breakpoint
ALTER TABLE "lobbies" ADD COLUMN "free_seats" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "lobbies_open_listed_idx" ON "lobbies" USING btree ("created_at","id") WHERE "lobbies"."status" = 'open' AND "lobbies"."listed" AND "lobbies"."free_seats" > 0;--> statement-breakpoint
CREATE INDEX "lobbies_quick_idx" ON "lobbies" USING btree ("quick_seats","w","created_at") WHERE "lobbies"."status" = 'open' AND "lobbies"."quick_seats" IS NOT NULL AND "lobbies"."free_seats" > 0;