-- Trip ingestion (issue 34 goal 3; decision 0064, addendum "the commit's queued events"): a batch's
-- write statement queued one deferred event of 0041's trigger for every row it wrote to trips,
-- employee_monthly_stats, employee_trip_totals and journey_group_monthly_stats (some hundred for a
-- batch of 14 trips), and its commit then fetched each row and ran insight_bump_at_commit for it,
-- although only the first one of a company moves the version and the others return at once. The same
-- statement also writes the company's row of company_monthly_stats for every counted trip (0053),
-- whose own event moves that company's version at the same commit. The batch's write now marks its
-- statement (portal.company_row_bumps = its statement_timestamp, set in the statement itself) and
-- these triggers' WHEN, evaluated as each row is written (not deferred), skips that statement's
-- roll-up rows and its counted trips: their company's row carries the bump. A flagged trip still
-- queues its event (its company may have no counted trip in the batch, so no company row). Every
-- other writer (one trip alone, a review, a rebuild, the erasure, a test) does not set the mark and
-- queues its events as before; the version still moves once per company and transaction, at the
-- commit.
DROP TRIGGER "insight_trips_commit" ON "trips";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "insight_trips_commit" AFTER INSERT OR UPDATE ON "trips"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
	WHEN (NEW.status <> 'counted' OR current_setting('portal.company_row_bumps', true) IS DISTINCT FROM statement_timestamp()::text)
	EXECUTE FUNCTION insight_bump_at_commit();
--> statement-breakpoint
DROP TRIGGER "insight_employee_monthly_stats_commit" ON "employee_monthly_stats";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "insight_employee_monthly_stats_commit" AFTER INSERT OR UPDATE ON "employee_monthly_stats"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
	WHEN (current_setting('portal.company_row_bumps', true) IS DISTINCT FROM statement_timestamp()::text)
	EXECUTE FUNCTION insight_bump_at_commit();
--> statement-breakpoint
DROP TRIGGER "insight_employee_trip_totals_commit" ON "employee_trip_totals";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "insight_employee_trip_totals_commit" AFTER INSERT OR UPDATE ON "employee_trip_totals"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
	WHEN (current_setting('portal.company_row_bumps', true) IS DISTINCT FROM statement_timestamp()::text)
	EXECUTE FUNCTION insight_bump_at_commit();
--> statement-breakpoint
DROP TRIGGER "insight_journey_group_monthly_stats_commit" ON "journey_group_monthly_stats";
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "insight_journey_group_monthly_stats_commit" AFTER INSERT OR UPDATE ON "journey_group_monthly_stats"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
	WHEN (current_setting('portal.company_row_bumps', true) IS DISTINCT FROM statement_timestamp()::text)
	EXECUTE FUNCTION insight_bump_at_commit();
