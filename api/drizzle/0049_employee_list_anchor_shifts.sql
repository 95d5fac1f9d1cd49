-- The employee list's anchors kept through a move (docs/decisions/0056-reads-after-status-changes.md,
-- addendum "anchors kept through a move"). An anchor is the key (lower last name, lower first name,
-- id) of the list's row at `position` (every 1 000th), valid for one version of the company's list
-- (0011, 0038). A move (an insert, a delete, an approval, a rename, a change of company or role, and
-- for the active and deactivated lists a change of status) moved that version, and the next deep
-- page walked the whole list to build every anchor again. Now the writer's trigger, which already
-- holds each moved employee's states before and after (0045) and the company's version row locked,
-- moves each anchor of the old version to the new one in the same transaction:
-- * for an anchor at position p with key K, c = p - (rows that left the list, or left their place,
--   with old key <= K) + (rows that joined the list, or came to a new place, with new key <= K) is
--   how many rows of the new list sort at or before K;
-- * the new anchor is the row at rank p of the new list: the (p - c)th row after K when p > c, the
--   (c - p + 1)th row at or before K walking back when p <= c (K itself when c = p and K stayed):
--   at most as many index steps as rows moved, from K, in the list index;
-- * an anchor past the new end is deleted; a list that grew past its last anchor's next multiple
--   gets that anchor (a walk of at most 1 000 entries from the last one).
-- A statement moving more than 200 employees, a name shown empty (it sorts last and a
-- row comparison cannot seek past it), a truncate, or a version moved by anything else leave the
-- anchors at their old version: the next deep page rebuilds them, as before.
-- Anchors are locked in key order (a reader's rebuild upserts one list's anchors in position order),
-- and no statement here reads the transition tables: the trigger passes its entries as jsonb.
CREATE FUNCTION "employee_list_anchor_shift"(moved uuid[], status_moved uuid[], entries jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF jsonb_array_length(entries) = 0 OR (
		SELECT count(DISTINCT l->'e'->>'id') FROM jsonb_array_elements(entries) l
		WHERE jsonb_typeof(l->'e'->'o') = 'object' OR jsonb_typeof(l->'e'->'n') = 'object') > 200 THEN
		RETURN;
	END IF;
	WITH k AS MATERIALIZED (
		-- Each list's rows the statement took out (-1, at the old key) or put in (+1, at the new key);
		-- a row kept in a list at the same key cancels out. An employee moved between companies is
		-- logged under both: each state once.
		SELECT x.company_id, x.is_approved, s.status, x.ln, x.fn, x.id, sum(sg.d)::int AS d
		FROM (SELECT DISTINCT l->'e'->'o' AS o, l->'e'->'n' AS n FROM jsonb_array_elements(entries) l) e
		CROSS JOIN LATERAL (VALUES (e.o, -1), (e.n, 1)) sg(st, d)
		CROSS JOIN LATERAL (
			SELECT (sg.st->>'company_id')::uuid AS company_id, (sg.st->>'is_approved')::boolean AS is_approved,
				(sg.st->>'is_active')::boolean AS active, lower(sg.st->>'last_name') AS ln, lower(sg.st->>'first_name') AS fn,
				(sg.st->>'id')::uuid AS id
			WHERE jsonb_typeof(sg.st) = 'object' AND sg.st->>'role' = 'Employee' AND sg.st->>'company_id' IS NOT NULL
		) x
		CROSS JOIN LATERAL unnest(ARRAY['all', CASE WHEN x.active THEN 'active' ELSE 'deactivated' END]) s(status)
		WHERE x.company_id = ANY(moved || status_moved)
		GROUP BY 1, 2, 3, 4, 5, 6
		HAVING sum(sg.d) <> 0
	), bad AS (
		-- Lists whose anchors are left to a rebuild: a name shown empty came or went.
		SELECT DISTINCT company_id, is_approved, status FROM k WHERE ln IS NULL OR fn IS NULL
	), v AS (
		-- The versions this statement moved to (the row is locked by the bump before) and from.
		SELECT company_id, version AS v_all, version + status_version AS v_st,
			version - (company_id = ANY(moved))::int AS o_all,
			version + status_version - (company_id = ANY(moved))::int - (company_id = ANY(status_moved))::int AS o_st
		FROM employee_list_versions WHERE company_id = ANY(moved || status_moved)
	), a AS MATERIALIZED (
		SELECT a.company_id, a.is_approved, a.status, a.position, a.last_name_key AS ln, a.first_name_key AS fn, a.id,
			CASE WHEN a.status = 'all' THEN v.v_all ELSE v.v_st END AS nv
		FROM employee_list_anchors a JOIN v ON v.company_id = a.company_id
		WHERE a.version = CASE WHEN a.status = 'all' THEN v.o_all ELSE v.o_st END
			AND CASE WHEN a.status = 'all' THEN v.o_all <> v.v_all ELSE v.o_st <> v.v_st END
			AND NOT EXISTS (SELECT 1 FROM bad WHERE bad.company_id = a.company_id AND bad.is_approved = a.is_approved AND bad.status = a.status)
		ORDER BY a.company_id, a.is_approved, a.status, a.position
		FOR UPDATE OF a
	), c AS MATERIALIZED (
		SELECT a.*, a.position + coalesce((
			SELECT sum(k.d) FROM k WHERE k.company_id = a.company_id AND k.is_approved = a.is_approved AND k.status = a.status
				AND (k.ln, k.fn, k.id) <= (a.ln, a.fn, a.id)), 0)::int AS c
		FROM a
	), n AS MATERIALIZED (
		SELECT c.company_id, c.is_approved, c.status, c.position, c.nv,
			CASE WHEN c.position > c.c THEN f.ln WHEN c.position < c.c THEN b.ln ELSE c.ln END AS ln,
			CASE WHEN c.position > c.c THEN f.fn WHEN c.position < c.c THEN b.fn ELSE c.fn END AS fn,
			CASE WHEN c.position > c.c THEN f.id WHEN c.position < c.c THEN b.id ELSE c.id END AS id
		FROM c
		LEFT JOIN LATERAL (
			SELECT lower(u.last_name) AS ln, lower(u.first_name) AS fn, u.id FROM users u
			WHERE c.position > c.c AND u.company_id = c.company_id AND u.role = 'Employee' AND u.is_approved = c.is_approved
				AND (c.status = 'all' OR u.is_active = (c.status = 'active'))
				AND (lower(u.last_name), lower(u.first_name), u.id) > (c.ln, c.fn, c.id)
			ORDER BY lower(u.last_name), lower(u.first_name), u.id
			LIMIT 1 OFFSET greatest(c.position - c.c - 1, 0)
		) f ON true
		LEFT JOIN LATERAL (
			SELECT lower(u.last_name) AS ln, lower(u.first_name) AS fn, u.id FROM users u
			WHERE c.position < c.c AND u.company_id = c.company_id AND u.role = 'Employee' AND u.is_approved = c.is_approved
				AND (c.status = 'all' OR u.is_active = (c.status = 'active'))
				AND (lower(u.last_name), lower(u.first_name), u.id) <= (c.ln, c.fn, c.id)
			ORDER BY lower(u.last_name) DESC, lower(u.first_name) DESC, u.id DESC
			LIMIT 1 OFFSET greatest(c.c - c.position, 0)
		) b ON true
	), g AS MATERIALIZED (
		-- The last anchor of each list that grew: the list may now reach its next multiple.
		SELECT DISTINCT ON (n.company_id, n.is_approved, n.status) n.*
		FROM n
		WHERE n.id IS NOT NULL AND EXISTS (
			SELECT 1 FROM k WHERE k.company_id = n.company_id AND k.is_approved = n.is_approved AND k.status = n.status
			GROUP BY k.company_id HAVING sum(k.d) > 0)
		ORDER BY n.company_id, n.is_approved, n.status, n.position DESC
	), up AS (
		UPDATE employee_list_anchors x SET version = n.nv, last_name_key = n.ln, first_name_key = n.fn, id = n.id
		FROM n
		WHERE x.company_id = n.company_id AND x.is_approved = n.is_approved AND x.status = n.status AND x.position = n.position
			AND n.id IS NOT NULL AND n.ln IS NOT NULL AND n.fn IS NOT NULL
	), grown AS (
		INSERT INTO employee_list_anchors AS x (company_id, is_approved, status, position, version, last_name_key, first_name_key, id)
		SELECT g.company_id, g.is_approved, g.status, g.position + 1000, g.nv, p.ln, p.fn, p.id
		FROM g CROSS JOIN LATERAL (
			SELECT lower(u.last_name) AS ln, lower(u.first_name) AS fn, u.id FROM users u
			WHERE u.company_id = g.company_id AND u.role = 'Employee' AND u.is_approved = g.is_approved
				AND (g.status = 'all' OR u.is_active = (g.status = 'active'))
				AND (lower(u.last_name), lower(u.first_name), u.id) > (g.ln, g.fn, g.id)
			ORDER BY lower(u.last_name), lower(u.first_name), u.id
			LIMIT 1 OFFSET 999
		) p
		WHERE p.ln IS NOT NULL AND p.fn IS NOT NULL
		ON CONFLICT (company_id, is_approved, status, position) DO UPDATE
			SET version = excluded.version, last_name_key = excluded.last_name_key, first_name_key = excluded.first_name_key, id = excluded.id
			WHERE x.version < excluded.version
	)
	DELETE FROM employee_list_anchors x USING n
	WHERE x.company_id = n.company_id AND x.is_approved = n.is_approved AND x.status = n.status AND x.position = n.position
		AND n.id IS NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "employee_list_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	moved uuid[];
	status_moved uuid[] := '{}';
	unknown uuid[];
	entries jsonb;
	ids uuid[];
	renamed uuid[];
	shifted jsonb := '[]';
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
		-- The deleted employees' places, for the anchors (a large delete rebuilds them instead).
		IF (SELECT count(*) FROM old_rows) <= 400 THEN
			shifted := (SELECT coalesce(jsonb_agg(jsonb_build_object('c', o.company_id, 'e', jsonb_build_object('id', o.id, 'o', employee_list_state(o)))), '[]')
				FROM old_rows o WHERE o.role = 'Employee' AND o.company_id IS NOT NULL);
		END IF;
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
		-- The anchors of the lists this statement moved, kept current (0049).
		IF TG_OP <> 'DELETE' THEN
			shifted := entries;
		END IF;
		IF cardinality(moved) > 0 OR cardinality(status_moved) > 0 THEN
			PERFORM employee_list_anchor_shift(moved, status_moved, shifted);
		END IF;
	END IF;
	RETURN NULL;
END
$$;
