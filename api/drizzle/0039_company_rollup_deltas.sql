-- A counted trip adds its share of the company's month here, in its own transaction, instead of
-- updating the company's row (one row every trip of the month would wait on until its commit); each
-- recording folds the company's deltas into company_monthly_stats right after it commits
-- (docs/decisions/0057-trip-ingestion.md).
CREATE TABLE "company_monthly_stat_deltas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"company_id" uuid NOT NULL,
	"month" date NOT NULL,
	"trips" integer NOT NULL,
	"distance_hundredths" bigint NOT NULL,
	"passenger_hundredths" bigint NOT NULL,
	"participants" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_monthly_stat_deltas" ADD CONSTRAINT "company_monthly_stat_deltas_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_monthly_stat_deltas_company_idx" ON "company_monthly_stat_deltas" USING btree ("company_id","month");
