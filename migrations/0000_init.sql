CREATE TABLE `lobbies` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` text NOT NULL,
	`admin_id` text NOT NULL,
	`status` text NOT NULL,
	`rules_version` integer NOT NULL,
	`last_seq` integer NOT NULL,
	`winner` integer,
	`players` text DEFAULT '[]' NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `lobbies_status_idx` ON `lobbies` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `lobby_events` (
	`lobby_id` text NOT NULL,
	`seq` integer NOT NULL,
	`kind` text NOT NULL,
	`actor` text NOT NULL,
	`payload` text NOT NULL,
	`seed` integer,
	`at` text NOT NULL,
	PRIMARY KEY(`lobby_id`, `seq`),
	FOREIGN KEY (`lobby_id`) REFERENCES `lobbies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `lobby_snapshots` (
	`lobby_id` text NOT NULL,
	`seq` integer NOT NULL,
	`state` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`lobby_id`, `seq`),
	FOREIGN KEY (`lobby_id`) REFERENCES `lobbies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `players` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`created_at` text NOT NULL,
	`lobby_id` text,
	FOREIGN KEY (`lobby_id`) REFERENCES `lobbies`(`id`) ON UPDATE no action ON DELETE no action
);
