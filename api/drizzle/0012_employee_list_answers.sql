-- The employee list's answers are kept in memory by each api process, keyed by the company's
-- `answers` version (docs/decisions/0018-employee-list-at-scale.md, addendum "answers kept in
-- memory"). Statement-level triggers bump it in the writer's transaction on every write that can
-- change any list answer of the company: any column the list shows or matches, in every table it
-- reads (users u, the employee's vehicle, the deactivating user's name). `version` (the anchors'
-- version) still moves only when a row can move in the list.
ALTER TABLE "employee_list_versions" ADD COLUMN "answers" bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
-- The employees a user deactivated: found when that user's name changes or the user goes.
CREATE INDEX "users_deactivated_by_idx" ON "users" USING btree ("deactivated_by") WHERE "deactivated_by" IS NOT NULL;
--> statement-breakpoint
-- Upserts the companies of one statement's changes in key order (two writers lock a company's row
-- in the same order); `moved` companies also get a new anchors' version.
CREATE FUNCTION "employee_list_bump"(changed uuid[], moved uuid[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO employee_list_versions AS v (company_id, version, answers)
	SELECT c, CASE WHEN c = ANY(moved) THEN 1 ELSE 0 END, 1
	FROM (SELECT DISTINCT unnest(changed || moved) AS c) x WHERE c IS NOT NULL ORDER BY 1
	ON CONFLICT (company_id) DO UPDATE SET version = v.version + excluded.version, answers = v.answers + 1;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "employee_list_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	moved uuid[];
	changed uuid[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		moved := ARRAY(SELECT DISTINCT company_id FROM new_rows WHERE role = 'Employee' AND company_id IS NOT NULL);
		-- A user whose id an employee's deactivated_by names: the list shows that user's name.
		changed := ARRAY(SELECT DISTINCT e.company_id FROM users e WHERE e.deactivated_by IS NOT NULL AND e.deactivated_by IN (SELECT id FROM new_rows) AND e.role = 'Employee');
	ELSIF TG_OP = 'DELETE' THEN
		moved := ARRAY(SELECT DISTINCT company_id FROM old_rows WHERE role = 'Employee' AND company_id IS NOT NULL);
		changed := ARRAY(SELECT DISTINCT e.company_id FROM users e WHERE e.deactivated_by IS NOT NULL AND e.deactivated_by IN (SELECT id FROM old_rows) AND e.role = 'Employee');
	ELSE
		moved := ARRAY(
			SELECT DISTINCT c FROM (
				SELECT unnest(ARRAY[o.company_id, n.company_id]) AS c
				FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
				WHERE (o.role = 'Employee' OR n.role = 'Employee')
					AND (o.id, o.company_id, o.role, o.is_approved, o.is_active, o.last_name, o.first_name)
						IS DISTINCT FROM (n.id, n.company_id, n.role, n.is_approved, n.is_active, n.last_name, n.first_name)
			) x WHERE c IS NOT NULL);
		-- Every other column an answer shows or a search matches (search_text holds name and email).
		changed := ARRAY(
			SELECT DISTINCT c FROM (
				SELECT unnest(ARRAY[o.company_id, n.company_id]) AS c
				FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
				WHERE (o.role = 'Employee' OR n.role = 'Employee')
					AND (o.email, o.name, o.phone_number, o.employee_number, o.department, o.driving_license_number,
						o.postal_code, o.is_driver_verified, o.deactivation_reason, o.deactivated_at, o.deactivated_by,
						o.created_at, o.search_text)
						IS DISTINCT FROM (n.email, n.name, n.phone_number, n.employee_number, n.department, n.driving_license_number,
						n.postal_code, n.is_driver_verified, n.deactivation_reason, n.deactivated_at, n.deactivated_by,
						n.created_at, n.search_text)
			) x WHERE c IS NOT NULL
			UNION
			SELECT e.company_id FROM users e
			WHERE e.role = 'Employee' AND e.deactivated_by IS NOT NULL AND e.deactivated_by IN (
				SELECT coalesce(n.id, o.id) FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
				WHERE o.id IS NULL OR n.id IS NULL OR o.name IS DISTINCT FROM n.name));
	END IF;
	IF cardinality(moved) > 0 OR cardinality(changed) > 0 THEN
		PERFORM employee_list_bump(changed, moved);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Versions never go back: an api process may still hold answers of an older one.
CREATE OR REPLACE FUNCTION "employee_list_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM employee_list_anchors;
	UPDATE employee_list_versions SET version = version + 1, answers = answers + 1;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- The employee's vehicle is shown in the list.
CREATE FUNCTION "employee_list_vehicle_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	touched uuid[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		touched := ARRAY(SELECT user_id FROM new_rows);
	ELSIF TG_OP = 'DELETE' THEN
		touched := ARRAY(SELECT user_id FROM old_rows);
	ELSE
		touched := ARRAY(
			SELECT unnest(ARRAY[o.user_id, n.user_id])
			FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
			WHERE (o.user_id, o.make, o.model, o.year_manufactured, o.color, o.registration_number, o.is_verified)
				IS DISTINCT FROM (n.user_id, n.make, n.model, n.year_manufactured, n.color, n.registration_number, n.is_verified));
	END IF;
	IF cardinality(touched) > 0 THEN
		PERFORM employee_list_bump(
			ARRAY(SELECT DISTINCT u.company_id FROM users u WHERE u.id = ANY(touched) AND u.role = 'Employee' AND u.company_id IS NOT NULL),
			'{}'::uuid[]);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "employee_list_vehicle_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE employee_list_versions SET answers = answers + 1;
	INSERT INTO employee_list_versions (company_id, version, answers)
	SELECT DISTINCT company_id, 0, 1 FROM users WHERE role = 'Employee' AND company_id IS NOT NULL ORDER BY 1
	ON CONFLICT (company_id) DO NOTHING;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "employee_list_vehicle_insert" AFTER INSERT ON "vehicles" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "employee_list_vehicle_bump"();
--> statement-breakpoint
CREATE TRIGGER "employee_list_vehicle_delete" AFTER DELETE ON "vehicles" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "employee_list_vehicle_bump"();
--> statement-breakpoint
CREATE TRIGGER "employee_list_vehicle_update" AFTER UPDATE ON "vehicles" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "employee_list_vehicle_bump"();
--> statement-breakpoint
CREATE TRIGGER "employee_list_vehicle_truncate" AFTER TRUNCATE ON "vehicles" FOR EACH STATEMENT EXECUTE FUNCTION "employee_list_vehicle_truncate"();
