DROP INDEX `lobbies_retention_idx`;--> statement-breakpoint
CREATE INDEX `lobbies_list_idx` ON `lobbies` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `lobbies_started_list_idx` ON `lobbies` (`created_at`,`id`) WHERE "lobbies"."started_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `lobbies_retention_idx` ON `lobbies` (`updated_at`) WHERE "lobbies"."status" = 'closed' AND "lobbies"."started_at" IS NULL;