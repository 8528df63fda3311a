ALTER TABLE "lobby_events" ADD COLUMN "request_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "lobby_events_request_idx" ON "lobby_events" USING btree ("lobby_id","request_id");