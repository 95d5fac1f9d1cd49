-- Reads after writes (docs/decisions/0056-reads-after-status-changes.md). A deactivation or a
-- reactivation changes one row of the company's "all statuses" lists and none of their totals,
-- their order or their anchors; it no longer throws those away:
-- * `status_version` moves on every change of an employee's status. The anchors of the active and
--   the deactivated lists belong to `version + status_version` (both only grow, so their sum moves
--   whenever either does); the anchors of the list of every status to `version` alone, which a
--   change of status no longer moves.
-- * `employee_list_changes` says what each `answers` version changed: the employees whose status
--   alone changed (`status_of`), or null for any other change. An api process holding an answer of
--   an older version for every status may keep it when every version since is a status change of
--   employees not on its page. A version it does not find (a truncate, or older than the last
--   1 000 of the company) is read again from the table.
ALTER TABLE "employee_list_versions" ADD COLUMN "status_version" bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
CREATE TABLE "employee_list_changes" (
	"company_id" uuid NOT NULL,
	"answers" bigint NOT NULL,
	"status_of" uuid[],
	CONSTRAINT "employee_list_changes_pk" PRIMARY KEY("company_id","answers")
);
--> statement-breakpoint
-- Upserts the companies of one statement's changes in key order (two writers lock a company's row
-- in the same order): `moved` companies get a new anchors' version, companies of `status_company`
-- a new status version; each one's new `answers` version is logged with the employees whose status
-- alone changed (`status_company`/`status_user`, pairwise), or null when anything else changed.
CREATE FUNCTION "employee_list_bump_changes"(changed uuid[], moved uuid[], status_company uuid[], status_user uuid[]) RETURNS void LANGUAGE sql AS $$
	WITH s AS (
		SELECT x.c, array_agg(DISTINCT x.u) AS ids FROM unnest(status_company, status_user) AS x(c, u) WHERE x.c IS NOT NULL GROUP BY x.c
	), b AS (
		INSERT INTO employee_list_versions AS v (company_id, version, answers, status_version)
		SELECT k.c, CASE WHEN k.c = ANY(moved) THEN 1 ELSE 0 END, 1, CASE WHEN k.c = ANY(status_company) THEN 1 ELSE 0 END
		FROM (SELECT DISTINCT unnest(changed || moved || status_company) AS c) k WHERE k.c IS NOT NULL ORDER BY 1
		ON CONFLICT (company_id) DO UPDATE SET version = v.version + excluded.version, answers = v.answers + 1,
			status_version = v.status_version + excluded.status_version
		RETURNING v.company_id, v.answers
	)
	INSERT INTO employee_list_changes (company_id, answers, status_of)
	SELECT b.company_id, b.answers, CASE WHEN b.company_id = ANY(changed || moved) THEN NULL ELSE s.ids END
	FROM b LEFT JOIN s ON s.c = b.company_id;
	DELETE FROM employee_list_changes l USING employee_list_versions v
	WHERE v.company_id = l.company_id AND l.company_id = ANY(changed || moved || status_company) AND l.answers <= v.answers - 1000;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "employee_list_bump"(changed uuid[], moved uuid[]) RETURNS void LANGUAGE sql AS $$
	SELECT employee_list_bump_changes(changed, moved, '{}'::uuid[], '{}'::uuid[]);
$$;
--> statement-breakpoint
-- The trigger function of 0031 with a change of status (is_active and the deactivation's columns)
-- told apart: it no longer moves the anchors' `version`, and a statement that changes nothing else
-- of a company's employees is logged with their ids.
CREATE OR REPLACE FUNCTION "employee_list_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	moved uuid[];
	changed uuid[];
	status_company uuid[];
	status_user uuid[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		moved := ARRAY(SELECT DISTINCT company_id FROM new_rows WHERE role = 'Employee' AND company_id IS NOT NULL);
		-- A user whose id an employee's deactivated_by names: the list shows that user's name.
		changed := ARRAY(SELECT DISTINCT e.company_id FROM users e WHERE e.deactivated_by IS NOT NULL AND e.deactivated_by IN (SELECT id FROM new_rows) AND e.role = 'Employee');
		IF cardinality(moved) > 0 OR cardinality(changed) > 0 THEN
			PERFORM employee_list_bump(changed, moved);
		END IF;
		RETURN NULL;
	ELSIF TG_OP = 'DELETE' THEN
		moved := ARRAY(SELECT DISTINCT company_id FROM old_rows WHERE role = 'Employee' AND company_id IS NOT NULL);
		changed := ARRAY(SELECT DISTINCT e.company_id FROM users e WHERE e.deactivated_by IS NOT NULL AND e.deactivated_by IN (SELECT id FROM old_rows) AND e.role = 'Employee');
		IF cardinality(moved) > 0 OR cardinality(changed) > 0 THEN
			PERFORM employee_list_bump(changed, moved);
		END IF;
		RETURN NULL;
	END IF;
	moved := ARRAY(
		SELECT DISTINCT c FROM (
			SELECT unnest(ARRAY[o.company_id, n.company_id]) AS c
			FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
			WHERE (o.role = 'Employee' OR n.role = 'Employee')
				AND (o.id, o.company_id, o.role, o.is_approved, o.last_name, o.first_name)
					IS DISTINCT FROM (n.id, n.company_id, n.role, n.is_approved, n.last_name, n.first_name)
		) x WHERE c IS NOT NULL);
	-- Every other column an answer shows or a search matches (search_text holds name and email),
	-- but the status's.
	changed := ARRAY(
		SELECT DISTINCT c FROM (
			SELECT unnest(ARRAY[o.company_id, n.company_id]) AS c
			FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
			WHERE (o.role = 'Employee' OR n.role = 'Employee')
				AND (o.email, o.name, o.phone_number, o.employee_number, o.department, o.driving_license_number,
					o.postal_code, o.is_driver_verified, o.created_at, o.search_text, o.office_id)
					IS DISTINCT FROM (n.email, n.name, n.phone_number, n.employee_number, n.department, n.driving_license_number,
					n.postal_code, n.is_driver_verified, n.created_at, n.search_text, n.office_id)
		) x WHERE c IS NOT NULL
		UNION
		SELECT e.company_id FROM users e
		WHERE e.role = 'Employee' AND e.deactivated_by IS NOT NULL AND e.deactivated_by IN (
			SELECT coalesce(n.id, o.id) FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
			WHERE o.id IS NULL OR n.id IS NULL OR o.name IS DISTINCT FROM n.name));
	-- The employees whose status changed (is_active or a column of the deactivation), with their company.
	SELECT coalesce(array_agg(n.company_id), '{}'), coalesce(array_agg(n.id), '{}') INTO status_company, status_user
	FROM old_rows o JOIN new_rows n ON n.id = o.id
	WHERE (o.role = 'Employee' OR n.role = 'Employee') AND n.company_id IS NOT NULL
		AND (o.is_active, o.deactivation_reason, o.deactivated_at, o.deactivated_by)
			IS DISTINCT FROM (n.is_active, n.deactivation_reason, n.deactivated_at, n.deactivated_by);
	IF cardinality(moved) > 0 OR cardinality(changed) > 0 OR cardinality(status_company) > 0 THEN
		PERFORM employee_list_bump_changes(changed, moved, status_company, status_user);
	END IF;
	RETURN NULL;
END
$$;
