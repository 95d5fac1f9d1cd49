-- Scope 3 Category 7 reports (docs/decisions/0043-category7-report.md).
-- What the employer enters for the report: the company's headcount (the coverage's denominator) and
-- the month its reporting year starts (1 = calendar year).
ALTER TABLE "companies" ADD COLUMN "reporting_headcount" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "reporting_year_start_month" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_reporting_headcount_range" CHECK ("companies"."reporting_headcount" is null or "companies"."reporting_headcount" between 1 and 10000000);--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_reporting_year_start_month_range" CHECK ("companies"."reporting_year_start_month" between 1 and 12);--> statement-breakpoint
-- A produced report as it was sent: its three files and their SHA-256, so a later factor row, review
-- or erasure never changes what was filed. The trips file is kept gzip-compressed.
CREATE TABLE "category7_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"year" integer NOT NULL,
	"start_month" smallint NOT NULL,
	"produced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"produced_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"summary" jsonb NOT NULL,
	"csv" text NOT NULL,
	"csv_sha256" text NOT NULL,
	"pdf" bytea NOT NULL,
	"pdf_sha256" text NOT NULL,
	"trips_gzip" bytea NOT NULL,
	"trips_sha256" text NOT NULL,
	CONSTRAINT "category7_reports_start_month_range" CHECK ("category7_reports"."start_month" between 1 and 12)
);
--> statement-breakpoint
CREATE INDEX "category7_reports_company_year_idx" ON "category7_reports" USING btree ("company_id","year","produced_at" DESC);
