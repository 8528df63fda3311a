ALTER TABLE `lobbies` ADD `listed` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `lobbies` ADD `w` integer;--> statement-breakpoint
ALTER TABLE `lobbies` ADD `h` integer;--> statement-breakpoint
ALTER TABLE `lobbies` ADD `clock` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `lobbies` ADD `bot_level` text DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE `lobbies` ADD `quick_seats` integer;--> statement-breakpoint
ALTER TABLE `lobbies` ADD `free_seats` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `lobbies_open_listed_idx` ON `lobbies` (`created_at`,`id`) WHERE "lobbies"."status" = 'open' AND "lobbies"."listed" AND "lobbies"."free_seats" > 0;--> statement-breakpoint
CREATE INDEX `lobbies_quick_idx` ON `lobbies` (`quick_seats`,`w`,`created_at`) WHERE "lobbies"."status" = 'open' AND "lobbies"."quick_seats" IS NOT NULL AND "lobbies"."free_seats" > 0;