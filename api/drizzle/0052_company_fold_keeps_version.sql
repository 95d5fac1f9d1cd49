-- The company fold moves no insight figure, so it no longer moves the company's insights version
-- (docs/decisions/0071-insight-misses-read-once.md, addendum).
--
-- A recorded trip appends the company's share to company_monthly_stat_deltas in its transaction and
-- `foldCompanyRollups` adds the deltas to company_monthly_stats after the commit (decision 0057). The
-- insights now read the company's figures as its rows plus its deltas (as the offices' already are),
-- so a fold changes no answer; but the statement triggers of 0040 on company_monthly_stats moved the
-- version at each fold, and every kept answer of the company was read a second time a trip.
-- The fold marks its own statement (`portal.rollup_fold` set to the statement's timestamp); the
-- insert and update triggers of company_monthly_stats skip the version for that statement only. Any
-- other write of the rows (a rebuild, a recount, a deletion) moves it as before.
CREATE OR REPLACE FUNCTION "insight_company_stats_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('portal.rollup_fold', true) = statement_timestamp()::text THEN
		RETURN NULL;
	END IF;
	IF TG_OP = 'INSERT' THEN
		PERFORM insight_bump(ARRAY(SELECT DISTINCT company_id FROM new_rows));
	ELSE
		PERFORM insight_bump(ARRAY(SELECT company_id FROM new_rows UNION SELECT company_id FROM old_rows));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "insight_company_monthly_stats_insert" ON "company_monthly_stats";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "insight_company_monthly_stats_update" ON "company_monthly_stats";
--> statement-breakpoint
CREATE TRIGGER "insight_company_monthly_stats_insert" AFTER INSERT ON "company_monthly_stats" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "insight_company_stats_bump"();
--> statement-breakpoint
CREATE TRIGGER "insight_company_monthly_stats_update" AFTER UPDATE ON "company_monthly_stats" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "insight_company_stats_bump"();
