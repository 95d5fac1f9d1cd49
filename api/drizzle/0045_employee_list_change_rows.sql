-- Reads after any write (docs/decisions/0056-reads-after-status-changes.md, addendum "reads after
-- any write"). `employee_list_changes` now says, for each `answers` version of a company, what
-- changed of which employee (`changes`, a JSON array; null when it cannot say):
-- * `{"id": e}`: a column only e's own row shows changed (a phone number, a vehicle, a department,
--   the deactivation's reason or time, the name of the user who deactivated e): no list gains,
--   loses or reorders a row, so only an answer with e on its page changed;
-- * `{"id": e, "o": state|null, "n": state|null}`: e moved (a join, an approval, a name, an email,
--   a status, an office, a company, an insert), with what any list's conditions and order read of
--   e before and after (null: no row). An api process tests both states against the list's
--   own conditions: a full page whose rows all come before both positions stays as it was, and its
--   total moves by the rows that joined or left the list.
-- A statement changing more than 200 employees of a company logs null: its answers are read again.
-- So does a deletion, which also removes the log's rows naming the deleted employees: the log keeps
-- names and searched text (the email) of changed employees, and nothing of someone erased (0044).
-- `status_of` (0038) is replaced: a change of status is a move of e between the status lists.
ALTER TABLE "employee_list_changes" DROP COLUMN "status_of";
--> statement-breakpoint
ALTER TABLE "employee_list_changes" ADD COLUMN "changes" jsonb;
--> statement-breakpoint
DROP FUNCTION "employee_list_bump_changes"(uuid[], uuid[], uuid[], uuid[]);
--> statement-breakpoint
-- What a list's conditions and order read of an employee.
CREATE FUNCTION "employee_list_state"(u users) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
	SELECT jsonb_build_object('id', u.id, 'company_id', u.company_id, 'role', u.role, 'is_approved', u.is_approved,
		'is_active', u.is_active, 'office_id', u.office_id, 'last_name', u.last_name, 'first_name', u.first_name,
		'search_text', u.search_text);
$$;
--> statement-breakpoint
-- Upserts the companies of one statement's changes in key order (two writers lock a company's row
-- in the same order): `moved` companies get a new anchors' version, `status_moved` ones a new status
-- version, and every company of `moved`, `status_moved` and `entries` a new `answers` version,
-- logged with its entries (`[{"c": company, "e": entry}]`), or null when `unknown` names it or it
-- has more than 200 entries.
CREATE FUNCTION "employee_list_bump_log"(moved uuid[], status_moved uuid[], unknown uuid[], entries jsonb) RETURNS void LANGUAGE sql AS $$
	WITH e AS (
		SELECT (x->>'c')::uuid AS c, jsonb_agg(x->'e') AS es, count(*) AS n FROM jsonb_array_elements(entries) x GROUP BY 1
	), b AS (
		INSERT INTO employee_list_versions AS v (company_id, version, answers, status_version)
		SELECT k.c, CASE WHEN k.c = ANY(moved) THEN 1 ELSE 0 END, 1, CASE WHEN k.c = ANY(status_moved) THEN 1 ELSE 0 END
		FROM (SELECT unnest(moved || status_moved || unknown) AS c UNION SELECT c FROM e) k WHERE k.c IS NOT NULL ORDER BY 1
		ON CONFLICT (company_id) DO UPDATE SET version = v.version + excluded.version, answers = v.answers + 1,
			status_version = v.status_version + excluded.status_version
		RETURNING v.company_id, v.answers
	)
	INSERT INTO employee_list_changes (company_id, answers, changes)
	SELECT b.company_id, b.answers, CASE WHEN b.company_id = ANY(unknown) OR e.n > 200 THEN NULL ELSE coalesce(e.es, '[]') END
	FROM b LEFT JOIN e ON e.c = b.company_id;
	DELETE FROM employee_list_changes l USING employee_list_versions v
	WHERE v.company_id = l.company_id AND l.answers <= v.answers - 1000
		AND l.company_id IN (SELECT unnest(moved || status_moved || unknown) UNION SELECT (x->>'c')::uuid FROM jsonb_array_elements(entries) x);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "employee_list_bump"(changed uuid[], moved uuid[]) RETURNS void LANGUAGE sql AS $$
	SELECT employee_list_bump_log(moved, '{}'::uuid[], changed || moved, '[]'::jsonb);
$$;
--> statement-breakpoint
-- The trigger function of 0038, logging each employee's change. The anchors' `version` and
-- `status_version` move as before.
-- No statement here joins the transition tables to each other or to `users` by a nested loop: a
-- trigger's statements are planned once per session (on their first call, often for one row) and
-- that plan is kept, so an inner join of old_rows and new_rows cost rows² steps on a later statement
-- of hundreds of rows, and a semi-join of users on it users × rows² (on PGlite a test file's first
-- small writes fixed such plans, and one update of 240 employees then never ended). Old and new
-- rows are paired by a FULL JOIN (hashed or merged, never a nested loop) read once, and users is
-- looked up by arrays of ids (its indexes), only when they are not empty.
CREATE OR REPLACE FUNCTION "employee_list_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	moved uuid[];
	status_moved uuid[] := '{}';
	unknown uuid[];
	entries jsonb;
	ids uuid[];
	renamed uuid[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		moved := ARRAY(SELECT DISTINCT company_id FROM new_rows WHERE role = 'Employee' AND company_id IS NOT NULL);
		-- A user whose id an employee's deactivated_by names: the list shows that user's name.
		ids := ARRAY(SELECT id FROM new_rows);
		unknown := ARRAY(SELECT DISTINCT e.company_id FROM users e WHERE e.deactivated_by = ANY(ids) AND e.role = 'Employee');
		entries := (SELECT coalesce(jsonb_agg(jsonb_build_object('c', n.company_id, 'e', jsonb_build_object('id', n.id, 'n', employee_list_state(n)))), '[]')
			FROM new_rows n WHERE n.role = 'Employee' AND n.company_id IS NOT NULL);
	ELSIF TG_OP = 'DELETE' THEN
		moved := ARRAY(SELECT DISTINCT company_id FROM old_rows WHERE role = 'Employee' AND company_id IS NOT NULL);
		-- A deletion (an erasure deletes the person's row) is logged as null, and the log keeps
		-- nothing of the deleted: its rows naming them go (kept answers older than those are read again).
		ids := ARRAY(SELECT id FROM old_rows);
		unknown := moved || ARRAY(SELECT DISTINCT e.company_id FROM users e WHERE e.deactivated_by = ANY(ids) AND e.role = 'Employee');
		entries := '[]';
		ids := ARRAY(SELECT id FROM old_rows WHERE role = 'Employee');
		IF cardinality(moved) > 0 AND cardinality(ids) > 0 THEN
			DELETE FROM employee_list_changes l
			WHERE l.company_id = ANY(moved) AND jsonb_typeof(l.changes) = 'array'
				AND EXISTS (SELECT 1 FROM jsonb_array_elements(l.changes) x WHERE (x->>'id')::uuid = ANY(ids));
		END IF;
	ELSE
		WITH m AS MATERIALIZED (
			-- Each row the statement updated, old (o_) and new (n_); one side null for a row whose id changed.
			SELECT o.id AS o_id, n.id AS n_id, o.company_id AS o_company, n.company_id AS n_company, o.role AS o_role, n.role AS n_role,
				(o.role = 'Employee' OR n.role = 'Employee') AS employee,
				o.id IS NOT NULL AND n.id IS NOT NULL AS kept,
				-- Any of what the anchors read changed.
				(o.id, o.company_id, o.role, o.is_approved, o.last_name, o.first_name)
					IS DISTINCT FROM (n.id, n.company_id, n.role, n.is_approved, n.last_name, n.first_name) AS reorders,
				-- Any of what a status reads changed.
				(o.is_active, o.deactivation_reason, o.deactivated_at, o.deactivated_by)
					IS DISTINCT FROM (n.is_active, n.deactivation_reason, n.deactivated_at, n.deactivated_by) AS status,
				-- Any of what a list's conditions or order read changed.
				(o.company_id, o.role, o.is_approved, o.is_active, o.office_id, o.last_name, o.first_name, o.search_text)
					IS DISTINCT FROM (n.company_id, n.role, n.is_approved, n.is_active, n.office_id, n.last_name, n.first_name, n.search_text) AS moves,
				-- Any other column only the employee's own row shows.
				(o.email, o.name, o.phone_number, o.employee_number, o.department, o.driving_license_number, o.postal_code,
					o.is_driver_verified, o.created_at, o.erased_at, o.deactivation_reason, o.deactivated_at, o.deactivated_by)
					IS DISTINCT FROM (n.email, n.name, n.phone_number, n.employee_number, n.department, n.driving_license_number, n.postal_code,
					n.is_driver_verified, n.created_at, n.erased_at, n.deactivation_reason, n.deactivated_at, n.deactivated_by) AS shown,
				o.name IS DISTINCT FROM n.name AS name_changed,
				-- The two states, only for a row that moved or whose id changed (the entries that hold them).
				CASE WHEN o.id IS NULL OR n.id IS NULL OR (o.company_id, o.role, o.is_approved, o.is_active, o.office_id, o.last_name, o.first_name, o.search_text)
					IS DISTINCT FROM (n.company_id, n.role, n.is_approved, n.is_active, n.office_id, n.last_name, n.first_name, n.search_text)
					THEN employee_list_state(o) END AS o_state,
				CASE WHEN o.id IS NULL OR n.id IS NULL OR (o.company_id, o.role, o.is_approved, o.is_active, o.office_id, o.last_name, o.first_name, o.search_text)
					IS DISTINCT FROM (n.company_id, n.role, n.is_approved, n.is_active, n.office_id, n.last_name, n.first_name, n.search_text)
					THEN employee_list_state(n) END AS n_state
			FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
		)
		SELECT
			ARRAY(
				SELECT DISTINCT c FROM m CROSS JOIN LATERAL unnest(ARRAY[m.o_company, m.n_company]) AS c
				WHERE m.employee AND m.reorders AND c IS NOT NULL),
			ARRAY(SELECT DISTINCT m.n_company FROM m WHERE m.kept AND m.employee AND m.n_company IS NOT NULL AND m.status),
			-- A user whose id changed (an erasure's new id): the rows naming the old one by deactivated_by.
			ARRAY(SELECT coalesce(m.n_id, m.o_id) FROM m WHERE NOT m.kept),
			-- A user whose name changed: the employees they deactivated show that name.
			ARRAY(SELECT m.n_id FROM m WHERE m.kept AND m.name_changed),
			(SELECT coalesce(jsonb_agg(jsonb_build_object('c', x.c, 'e', x.e)), '[]') FROM (
				-- An employee who moved, under both companies.
				SELECT k.c, jsonb_build_object('id', m.n_id, 'o', m.o_state, 'n', m.n_state) AS e
				FROM m CROSS JOIN LATERAL (SELECT DISTINCT unnest(ARRAY[m.o_company, m.n_company]) AS c) k
				WHERE m.kept AND m.employee AND m.moves AND k.c IS NOT NULL
				UNION ALL
				-- A row whose id changed: the old id left, the new one came.
				SELECT coalesce(m.o_company, m.n_company), jsonb_build_object('id', coalesce(m.n_id, m.o_id), 'o', m.o_state, 'n', m.n_state)
				FROM m
				WHERE NOT m.kept AND coalesce(m.o_role, m.n_role) = 'Employee' AND coalesce(m.o_company, m.n_company) IS NOT NULL
				UNION ALL
				-- An employee of whom only a column their own row shows changed.
				SELECT m.n_company, jsonb_build_object('id', m.n_id)
				FROM m
				WHERE m.kept AND m.n_role = 'Employee' AND m.n_company IS NOT NULL AND NOT m.moves AND m.shown
			) x)
		INTO moved, status_moved, ids, renamed, entries;
		unknown := '{}';
		IF cardinality(ids) > 0 THEN
			unknown := ARRAY(SELECT DISTINCT e.company_id FROM users e WHERE e.role = 'Employee' AND e.deactivated_by = ANY(ids));
		END IF;
		IF cardinality(renamed) > 0 THEN
			entries := entries || coalesce((SELECT jsonb_agg(jsonb_build_object('c', e.company_id, 'e', jsonb_build_object('id', e.id)))
				FROM users e WHERE e.role = 'Employee' AND e.company_id IS NOT NULL AND e.deactivated_by = ANY(renamed)), '[]');
		END IF;
	END IF;
	IF cardinality(moved) > 0 OR cardinality(status_moved) > 0 OR cardinality(unknown) > 0 OR jsonb_array_length(entries) > 0 THEN
		PERFORM employee_list_bump_log(moved, status_moved, unknown, entries);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- The employee's vehicle is shown in their own row only.
CREATE OR REPLACE FUNCTION "employee_list_vehicle_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	touched uuid[];
	entries jsonb;
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
		entries := (SELECT coalesce(jsonb_agg(jsonb_build_object('c', u.company_id, 'e', jsonb_build_object('id', u.id))), '[]')
			FROM users u WHERE u.id IN (SELECT unnest(touched)) AND u.role = 'Employee' AND u.company_id IS NOT NULL);
		IF jsonb_array_length(entries) > 0 THEN
			PERFORM employee_list_bump_log('{}'::uuid[], '{}'::uuid[], '{}'::uuid[], entries);
		END IF;
	END IF;
	RETURN NULL;
END
$$;
