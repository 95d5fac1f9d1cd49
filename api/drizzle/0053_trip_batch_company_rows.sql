-- Trip ingestion (issue 34 goal 3; decision 0064, addendum "the company's share in the batch"): a
-- batch of trips now upserts its companies' rows of company_monthly_stats in its write statement,
-- instead of appending deltas that a statement after the commit folded in. 0040's statement
-- triggers on that table would bump the company's insights version in the middle of the write and
-- the trips' deferred trigger (0041) would bump it again at the commit: the table's inserts and
-- updates now take 0041's trigger, as the other roll-ups do, so a batch moves the version once, at
-- its commit. A rebuild bumps it at its commit. The fold (one statement, its own commit) still moves
-- no version: it marks its statement (0052), and the trigger's WHEN, evaluated as each row is written
-- (not deferred), skips that statement's rows; readers sum rows and deltas, so no figure moves. This
-- replaces 0052's statement triggers and their function. Deletes and truncates keep 0040's triggers.
DROP TRIGGER "insight_company_monthly_stats_insert" ON "company_monthly_stats";
--> statement-breakpoint
DROP TRIGGER "insight_company_monthly_stats_update" ON "company_monthly_stats";
--> statement-breakpoint
DROP FUNCTION "insight_company_stats_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "insight_company_monthly_stats_commit" AFTER INSERT OR UPDATE ON "company_monthly_stats"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
	WHEN (current_setting('portal.rollup_fold', true) IS DISTINCT FROM statement_timestamp()::text)
	EXECUTE FUNCTION insight_bump_at_commit();
--> statement-breakpoint
-- Most trips have no journey group, and every one of them wrote a null entry into this index, which
-- only the group's own trips are looked up in (its trips, and the foreign key's set null when a group
-- is deleted: both by equality, which a partial index answers).
DROP INDEX "trips_journey_group_idx";
--> statement-breakpoint
CREATE INDEX "trips_journey_group_idx" ON "trips" USING btree ("journey_group_id") WHERE "journey_group_id" IS NOT NULL;
