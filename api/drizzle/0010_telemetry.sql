-- Release health (DESIGN.md section 3): what users' browsers report per remote, version and minute.
-- Counts and latency histograms (bucket counts on a fixed log scale), never the events themselves.
CREATE TABLE "telemetry_minutes" (
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	"loads_failed" integer DEFAULT 0 NOT NULL,
	"render_errors" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"load_ms" integer[] NOT NULL,
	"lcp_ms" integer[] NOT NULL,
	"inp_ms" integer[] NOT NULL,
	"cls" integer[] NOT NULL,
	CONSTRAINT "telemetry_minutes_remote_version_minute_pk" PRIMARY KEY("remote","version","minute")
);
--> statement-breakpoint
CREATE INDEX "telemetry_minutes_minute_idx" ON "telemetry_minutes" USING btree ("minute");--> statement-breakpoint
CREATE TABLE "telemetry_error_samples" (
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "telemetry_error_samples_remote_version_minute_kind_message_pk" PRIMARY KEY("remote","version","minute","kind","message")
);
--> statement-breakpoint
CREATE INDEX "telemetry_error_samples_minute_idx" ON "telemetry_error_samples" USING btree ("minute");
