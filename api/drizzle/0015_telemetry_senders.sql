-- Release health that one sender cannot swing (docs/decisions/0029-telemetry-senders.md).
-- The versions release.json names: telemetry of any other version is not stored.
CREATE TABLE "release_versions" (
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "release_versions_remote_version_pk" PRIMARY KEY("remote","version"),
	CONSTRAINT "release_versions_role_known" CHECK ("role" in ('stable', 'canary', 'previous'))
);
--> statement-breakpoint
-- Per remote, half hour, version and sender: what it offered (its budget), what was counted, and the
-- minute of its latest counted page view (a window's senders are those with one in it).
CREATE TABLE "telemetry_senders" (
	"remote" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"version" text NOT NULL,
	"sender" text NOT NULL,
	"offered_views" integer DEFAULT 0 NOT NULL,
	"offered_failures" integer DEFAULT 0 NOT NULL,
	"offered_errors" integer DEFAULT 0 NOT NULL,
	"offered_lcp" integer DEFAULT 0 NOT NULL,
	"offered_inp" integer DEFAULT 0 NOT NULL,
	"offered_cls" integer DEFAULT 0 NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_view_at" timestamp with time zone,
	CONSTRAINT "telemetry_senders_remote_window_start_version_sender_pk" PRIMARY KEY("remote","window_start","version","sender")
);
--> statement-breakpoint
CREATE INDEX "telemetry_senders_window_idx" ON "telemetry_senders" USING btree ("window_start");
--> statement-breakpoint
-- The key senders are hashed with (an address never leaves the request): 256 random bits, drawn here.
CREATE TABLE "telemetry_sender_key" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "telemetry_sender_key_one_row" CHECK ("id" = 1)
);
--> statement-breakpoint
INSERT INTO "telemetry_sender_key" ("key") VALUES (replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
