-- The insights' answers are kept in memory by each api process, keyed by the company's insights
-- version (docs/decisions/0055-insight-answers-kept-in-memory.md). Statement-level triggers bump it
-- in the writer's transaction on every write that can change any insight figure of the company: the
-- roll-ups a trip's transaction keeps, the trips themselves (a flag), the employees' office, status,
-- names and vehicles, the offices, journey groups and their members, feedback, incentives, the
-- company's emission settings and the emission factors. A version is a value of one sequence, not a
-- per-company count: it never goes back, even when a table is emptied (no api process may find an
-- older answer under a version given again). No foreign key: a row outlives its company harmlessly.
CREATE SEQUENCE "insight_version_seq";
--> statement-breakpoint
CREATE TABLE "insight_versions" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- Bumps the companies in key order (two writers lock a company's row in the same order).
CREATE FUNCTION "insight_bump"(changed uuid[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO insight_versions AS v (company_id, version)
	SELECT c, nextval('insight_version_seq') FROM (SELECT DISTINCT unnest(changed) AS c ORDER BY 1) x WHERE c IS NOT NULL
	ON CONFLICT (company_id) DO UPDATE SET version = excluded.version;
$$;
--> statement-breakpoint
-- Every company (a change of what every company reads, or a table emptied).
CREATE FUNCTION "insight_bump_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM insight_bump(ARRAY(SELECT id FROM companies));
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Tables with a company_id: the companies of the changed rows.
CREATE FUNCTION "insight_company_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM insight_bump(ARRAY(SELECT DISTINCT company_id FROM new_rows));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM insight_bump(ARRAY(SELECT DISTINCT company_id FROM old_rows));
	ELSE
		PERFORM insight_bump(ARRAY(SELECT company_id FROM new_rows UNION SELECT company_id FROM old_rows));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Employees: their company, office, status, names and what a feedback row shows of them.
CREATE FUNCTION "insight_user_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM insight_bump(ARRAY(SELECT DISTINCT company_id FROM new_rows));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM insight_bump(ARRAY(SELECT DISTINCT company_id FROM old_rows));
	ELSE
		PERFORM insight_bump(ARRAY(
			SELECT DISTINCT c FROM (
				SELECT unnest(ARRAY[o.company_id, n.company_id]) AS c
				FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
				WHERE (o.id, o.company_id, o.office_id, o.role, o.is_approved, o.is_active, o.first_name, o.last_name, o.name,
						o.department, o.employee_number)
					IS DISTINCT FROM (n.id, n.company_id, n.office_id, n.role, n.is_approved, n.is_active, n.first_name, n.last_name, n.name,
						n.department, n.employee_number)
			) x));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- A vehicle makes its owner a driver in the ranking.
CREATE FUNCTION "insight_vehicle_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM insight_bump(ARRAY(SELECT u.company_id FROM users u WHERE u.id IN (SELECT user_id FROM new_rows)));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM insight_bump(ARRAY(SELECT u.company_id FROM users u WHERE u.id IN (SELECT user_id FROM old_rows)));
	ELSE
		PERFORM insight_bump(ARRAY(SELECT u.company_id FROM users u WHERE u.id IN (
			SELECT unnest(ARRAY[o.user_id, n.user_id]) FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
			WHERE o.user_id IS DISTINCT FROM n.user_id)));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- A group's members (a deleted group's rows are gone: its company comes from the member).
CREATE FUNCTION "insight_member_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM insight_bump(ARRAY(SELECT u.company_id FROM users u WHERE u.id IN (SELECT user_id FROM new_rows)
			UNION SELECT g.company_id FROM journey_groups g WHERE g.id IN (SELECT group_id FROM new_rows)));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM insight_bump(ARRAY(SELECT u.company_id FROM users u WHERE u.id IN (SELECT user_id FROM old_rows)
			UNION SELECT g.company_id FROM journey_groups g WHERE g.id IN (SELECT group_id FROM old_rows)));
	ELSE
		PERFORM insight_bump(ARRAY(SELECT u.company_id FROM users u WHERE u.id IN (SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows)
			UNION SELECT g.company_id FROM journey_groups g WHERE g.id IN (SELECT group_id FROM new_rows UNION SELECT group_id FROM old_rows)));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- The company's emission settings (well-to-tank).
CREATE FUNCTION "insight_settings_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM insight_bump(ARRAY(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
		WHERE o.include_well_to_tank IS DISTINCT FROM n.include_well_to_tank));
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "insight_companies_update" AFTER UPDATE ON "companies" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "insight_settings_bump"();
--> statement-breakpoint
CREATE TRIGGER "insight_users_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "insight_user_bump"();
--> statement-breakpoint
CREATE TRIGGER "insight_users_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "insight_user_bump"();
--> statement-breakpoint
CREATE TRIGGER "insight_users_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "insight_user_bump"();
--> statement-breakpoint
CREATE TRIGGER "insight_vehicles_insert" AFTER INSERT ON "vehicles" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "insight_vehicle_bump"();
--> statement-breakpoint
CREATE TRIGGER "insight_vehicles_delete" AFTER DELETE ON "vehicles" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "insight_vehicle_bump"();
--> statement-breakpoint
CREATE TRIGGER "insight_vehicles_update" AFTER UPDATE ON "vehicles" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "insight_vehicle_bump"();
--> statement-breakpoint
CREATE TRIGGER "insight_members_insert" AFTER INSERT ON "journey_group_members" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "insight_member_bump"();
--> statement-breakpoint
CREATE TRIGGER "insight_members_delete" AFTER DELETE ON "journey_group_members" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "insight_member_bump"();
--> statement-breakpoint
CREATE TRIGGER "insight_members_update" AFTER UPDATE ON "journey_group_members" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "insight_member_bump"();
--> statement-breakpoint
CREATE TRIGGER "insight_emission_factors" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "emission_factors" FOR EACH STATEMENT EXECUTE FUNCTION "insight_bump_all"();
--> statement-breakpoint
DO $$
DECLARE
	t text;
BEGIN
	FOREACH t IN ARRAY ARRAY['trips', 'employee_monthly_stats', 'employee_trip_totals', 'journey_group_monthly_stats', 'company_monthly_stats',
		'journey_groups', 'feedbacks', 'incentives', 'locations'] LOOP
		EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_company_bump()', 'insight_' || t || '_insert', t);
		EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_company_bump()', 'insight_' || t || '_delete', t);
		EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_company_bump()', 'insight_' || t || '_update', t);
		EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION insight_bump_all()', 'insight_' || t || '_truncate', t);
	END LOOP;
END
$$;
