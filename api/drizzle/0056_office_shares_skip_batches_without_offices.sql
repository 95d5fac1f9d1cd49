-- Trip ingestion (issue 34 goal 3; decision 0064, addendum "a batch without offices"): a batch's write
-- upserts the month rows of its people in one statement, which fires both statement triggers of
-- employee_monthly_stats (insert and update). Each firing called office_stats_rows, which locks the
-- people's rows FOR SHARE and reads their offices: some 0.3 ms a firing, 0.6 ms of the database a
-- batch of 13 trips, although nothing is appended when none of them has an office.
-- The batch already holds those people's rows (FOR NO KEY UPDATE, taken before its reads and kept to
-- its commit, a stronger lock than FOR SHARE), and read their offices then: an office change waits
-- for the batch's commit, and its own trigger (office_stats_moved) then moves the committed rows.
-- When none of the people it locked has an office, the write marks its statement
-- (portal.batch_without_offices = its statement_timestamp, set in the statement itself before any
-- row is written) and these two triggers' WHEN skips that statement. Every other writer of the rows
-- (one trip alone, a rebuild, the erasure, a test) does not set the mark and fires them as before;
-- a batch with anyone in an office does not set it either.
DROP TRIGGER "office_stats_rows_insert" ON "employee_monthly_stats";
--> statement-breakpoint
CREATE TRIGGER "office_stats_rows_insert" AFTER INSERT ON "employee_monthly_stats" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
	WHEN (current_setting('portal.batch_without_offices', true) IS DISTINCT FROM statement_timestamp()::text)
	EXECUTE FUNCTION "office_stats_rows"();
--> statement-breakpoint
DROP TRIGGER "office_stats_rows_update" ON "employee_monthly_stats";
--> statement-breakpoint
CREATE TRIGGER "office_stats_rows_update" AFTER UPDATE ON "employee_monthly_stats" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
	WHEN (current_setting('portal.batch_without_offices', true) IS DISTINCT FROM statement_timestamp()::text)
	EXECUTE FUNCTION "office_stats_rows"();
