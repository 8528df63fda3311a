ALTER TABLE `lobbies` ADD `started_at` text;--> statement-breakpoint
CREATE INDEX `lobbies_retention_idx` ON `lobbies` (`status`,`started_at`,`updated_at`);--> statement-breakpoint
CREATE INDEX `players_lobby_idx` ON `players` (`lobby_id`) WHERE lobby_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `players_unseated_idx` ON `players` (`created_at`,`id`) WHERE name = '' AND lobby_id IS NULL;--> statement-breakpoint
-- Backfill: a lobby started when its log holds the `start` game action (lobbies created before this column).
UPDATE `lobbies` SET `started_at` = `s`.`at`
FROM (
	SELECT `lobby_id`, min(`at`) AS `at` FROM `lobby_events`
	WHERE `kind` = 'game-action' AND json_extract(`payload`, '$.id') = 'start'
	GROUP BY `lobby_id`
) AS `s`
WHERE `s`.`lobby_id` = `lobbies`.`id` AND `lobbies`.`started_at` IS NULL;
