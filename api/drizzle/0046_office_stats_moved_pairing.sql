-- Employees whose office (or company) changed, paired without a nested loop (decision 0055, addendum
-- "office moves paired once"). A trigger's statements are planned once per session and the plan is
-- kept; a transition table is estimated at one row, so 0043's inner join of new_rows and old_rows was
-- fixed as a nested loop by a session's first small update, and a later update of thousands of
-- employees (2 900 invitations at once in a test: 2 x 8.4 million join tests) ran rows² steps. Old
-- and new rows are now paired by a FULL JOIN (hashed or merged, never a nested loop) in a
-- materialized step, so no filter turns it back into an inner join; what moves is unchanged: a row
-- whose id changed (an erasure's new id) is not a move, as before.
CREATE OR REPLACE FUNCTION "office_stats_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM office_stats_add((SELECT jsonb_agg(x) FROM (
		WITH p AS MATERIALIZED (
			SELECT n.id, o.office_id AS old_office, n.office_id AS new_office,
				(o.id IS NOT NULL AND n.id IS NOT NULL
					AND (o.office_id, o.company_id) IS DISTINCT FROM (n.office_id, n.company_id)) AS moved
			FROM old_rows o FULL JOIN new_rows n ON n.id = o.id),
		m AS MATERIALIZED (SELECT id, old_office, new_office FROM p WHERE moved)
		SELECT jsonb_build_object('company_id', s.company_id, 'month', s.month, 'office_id', m.new_office,
			'trips', s.trips_as_driver, 'dh', s.driver_hundredths, 'ph', s.passenger_hundredths, 'p', 1) AS x
		FROM m JOIN employee_monthly_stats s ON s.employee_id = m.id
		UNION ALL
		SELECT jsonb_build_object('company_id', s.company_id, 'month', s.month, 'office_id', m.old_office,
			'trips', -s.trips_as_driver, 'dh', -s.driver_hundredths, 'ph', -s.passenger_hundredths, 'p', -1)
		FROM m JOIN employee_monthly_stats s ON s.employee_id = m.id) y));
	RETURN NULL;
END
$$;
