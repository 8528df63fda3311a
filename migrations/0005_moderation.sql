CREATE TABLE `admin_audit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` text NOT NULL,
	`admin` text NOT NULL,
	`action` text NOT NULL,
	`target` text NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`detail` text DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `admin_audit_admin_idx` ON `admin_audit` (`admin`,`id`);--> statement-breakpoint
CREATE TABLE `chat_removals` (
	`lobby_id` text NOT NULL,
	`seq` integer NOT NULL,
	PRIMARY KEY(`lobby_id`, `seq`),
	FOREIGN KEY (`lobby_id`) REFERENCES `lobbies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lobby_id` text NOT NULL,
	`seq` integer NOT NULL,
	`reporter_id` text NOT NULL,
	`reporter_name` text NOT NULL,
	`reporter_address` text NOT NULL,
	`target_id` text NOT NULL,
	`target_name` text NOT NULL,
	`reason` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`created_at` text NOT NULL,
	`resolved_at` text,
	`resolved_by` text,
	`resolution` text
);
--> statement-breakpoint
CREATE INDEX `reports_open_idx` ON `reports` (`created_at`) WHERE "reports"."resolved_at" IS NULL;--> statement-breakpoint
CREATE INDEX `reports_lobby_idx` ON `reports` (`lobby_id`);--> statement-breakpoint
CREATE INDEX `reports_reporter_idx` ON `reports` (`reporter_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `sanctions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`target_kind` text NOT NULL,
	`target` text NOT NULL,
	`lobby_id` text,
	`reason` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text,
	`lifted_at` text,
	`lifted_by` text
);
--> statement-breakpoint
CREATE INDEX `sanctions_active_idx` ON `sanctions` (`target_kind`,`target`) WHERE "sanctions"."lifted_at" IS NULL;--> statement-breakpoint
CREATE INDEX `sanctions_created_idx` ON `sanctions` (`created_at`);