-- Trip ingestion (issue 34 goal 3; decision 0064, addendum "fewer indexes on the people's roll-ups"):
-- every counted trip upserts a row of employee_monthly_stats and one of employee_trip_totals for its
-- driver and each passenger. Their rows are never updated in place (total_trips and total_hundredths
-- are in the rank indexes), so each upsert writes an entry into every index of the table: four on the
-- months, three on the totals. Two of those are only there for one reader each:
-- - employee_monthly_stats_miles_idx served the dashboard's count of people qualifying on miles, a
--   BitmapOr with the rank index. The rank index alone reads the same company and month (a
--   company's employees, one entry each) and filters them: a few thousand index entries for the
--   largest company, on a read the insights cache answers between two writes.
-- - the employee_id indexes served the reads of one person (their export, the erasure, the
--   foreign keys' cascade when a user is deleted). The primary keys now lead with the employee, and
--   answer those; the company's reads (a month, the ranking, a rebuild) use the rank indexes, which
--   lead with the company. The upserts' conflict targets name the same columns, in any order.
-- Two index entries fewer a month row, one fewer a totals row.
DROP INDEX "employee_monthly_stats_miles_idx";
--> statement-breakpoint
ALTER TABLE "employee_monthly_stats" DROP CONSTRAINT "employee_monthly_stats_company_id_month_employee_id_pk";
--> statement-breakpoint
ALTER TABLE "employee_monthly_stats" ADD CONSTRAINT "employee_monthly_stats_employee_id_month_company_id_pk" PRIMARY KEY ("employee_id", "month", "company_id");
--> statement-breakpoint
DROP INDEX "employee_monthly_stats_employee_idx";
--> statement-breakpoint
ALTER TABLE "employee_trip_totals" DROP CONSTRAINT "employee_trip_totals_company_id_employee_id_pk";
--> statement-breakpoint
ALTER TABLE "employee_trip_totals" ADD CONSTRAINT "employee_trip_totals_employee_id_company_id_pk" PRIMARY KEY ("employee_id", "company_id");
--> statement-breakpoint
DROP INDEX "employee_trip_totals_employee_idx";
