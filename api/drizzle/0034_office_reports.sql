-- The Category 7 report by office (docs/decisions/0043-category7-report.md, 0045-offices-as-a-dimension.md):
-- a stored report is keyed by the office it covers, 'all' (the company), 'none' (employees without an
-- office) or the office's id as text. Text rather than a foreign key: removing an office must neither
-- delete the reports filed for it nor move them to another key.
ALTER TABLE "category7_reports" ADD COLUMN "office" text DEFAULT 'all' NOT NULL;
--> statement-breakpoint
ALTER TABLE "category7_reports" ADD CONSTRAINT "category7_reports_office_length" CHECK (char_length("category7_reports"."office") <= 36);
--> statement-breakpoint
DROP INDEX IF EXISTS "category7_reports_company_year_idx";
--> statement-breakpoint
CREATE INDEX "category7_reports_company_year_idx" ON "category7_reports" USING btree ("company_id","year","office","produced_at" DESC);
