-- Trip ingestion (docs/decisions/0057-trip-ingestion.md, addendum): the insights version of 0040 is
-- moved at the commit of the writer's transaction, not at its statement, for the writes every
-- recorded trip makes (trips, employee_monthly_stats, employee_trip_totals,
-- journey_group_monthly_stats, inserted or updated). 0040's statement triggers took the company's
-- row of insight_versions at the trip's insert and held it across the round trips to the commit:
-- every trip of a company waited for the one before it (a third of a second at 50 connections).
-- A deferred constraint trigger runs inside COMMIT, on the server: the row is held for the commit
-- only. The version still moves in the writer's transaction (a reader sees it with the figures or
-- not at all), once per company and transaction. Deletes and truncates keep 0040's triggers.
CREATE FUNCTION "insight_bump_at_commit"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	done text := coalesce(current_setting('portal.insight_bumped', true), '');
	changed uuid[];
BEGIN
	IF TG_OP = 'UPDATE' THEN
		IF OLD.company_id IS DISTINCT FROM NEW.company_id THEN
			changed := ARRAY[NEW.company_id, OLD.company_id];
		END IF;
	END IF;
	IF changed IS NULL THEN
		-- The common case, cheap: a row of a company this transaction has moved already (a bulk write
		-- queues one event a row).
		IF NEW.company_id IS NULL OR position(NEW.company_id::text IN done) > 0 THEN
			RETURN NULL;
		END IF;
		changed := ARRAY[NEW.company_id];
	END IF;
	-- The companies this transaction has not moved yet (its later events of them are no-ops).
	changed := ARRAY(SELECT DISTINCT c FROM unnest(changed) c WHERE c IS NOT NULL AND position(c::text IN done) = 0 ORDER BY 1);
	IF cardinality(changed) > 0 THEN
		PERFORM insight_bump(changed);
		PERFORM set_config('portal.insight_bumped', done || array_to_string(changed, ',') || ',', true);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
	t text;
BEGIN
	FOREACH t IN ARRAY ARRAY['trips', 'employee_monthly_stats', 'employee_trip_totals', 'journey_group_monthly_stats'] LOOP
		EXECUTE format('DROP TRIGGER %I ON %I', 'insight_' || t || '_insert', t);
		EXECUTE format('DROP TRIGGER %I ON %I', 'insight_' || t || '_update', t);
		EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION insight_bump_at_commit()',
			'insight_' || t || '_commit', t);
	END LOOP;
END
$$;
