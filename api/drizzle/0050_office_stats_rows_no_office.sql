-- Trip ingestion (issue 34 goal 3; decision 0064, addendum "the write's statement triggers and the
-- people's locks"): the statement triggers on employee_monthly_stats (migrations 0043, 0044) ran two
-- statements a firing, the share lock on the employees and then the read of their offices, and always called
-- office_stats_append, even with nothing to append: a batch's upsert fires the insert and the update
-- trigger, four statements and two calls of a SQL function whose INSERT is planned anew at each call,
-- 0.9 to 4.9 ms a call in bench/ingest.ts although the bench's people have no office.
-- Now each firing is one statement: it takes the same share lock on the employees, in id order, and
-- reads their offices from the rows it locked (after waiting for an office change, read committed
-- reads the changed row, as the second statement did), and it calls office_stats_append only when
-- some employee of the rows has an office. What is appended, and when, is unchanged; a statement
-- whose employees have no office now appends nothing without planning an insert that inserts nothing.
-- The employees are found by key (`= ANY (ARRAY(...))`, an index scan of users_pkey): `IN (SELECT ...
-- FROM new_rows)` was planned once a connection with the first firing's row count, and a first batch
-- of some 45 rows made it a hash join over a scan of every user, kept for every later firing (1.2 ms
-- with 4 000 users, growing with the users of every company).
-- The lock is still needed for employees without an office: an office given to one of them while
-- this transaction writes their rows would otherwise never see those rows. The transition tables are
-- never joined with each other.
CREATE OR REPLACE FUNCTION "office_stats_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	shares jsonb;
BEGIN
	IF TG_OP = 'INSERT' THEN
		-- Every locked row has a row of new_rows, so the join reads each of them: all are locked, in id order.
		WITH locked AS MATERIALIZED (
			SELECT u.id, u.office_id FROM users u WHERE u.id = ANY (ARRAY(SELECT employee_id FROM new_rows)) ORDER BY u.id FOR SHARE)
		SELECT jsonb_agg(jsonb_build_object('company_id', n.company_id, 'month', n.month, 'office_id', l.office_id,
			'trips', n.trips_as_driver, 'dh', n.driver_hundredths, 'ph', n.passenger_hundredths, 'p', 1)) FILTER (WHERE l.office_id IS NOT NULL)
		INTO shares
		FROM locked l JOIN new_rows n ON n.employee_id = l.id;
	ELSIF TG_OP = 'DELETE' THEN
		WITH locked AS MATERIALIZED (
			SELECT u.id, u.office_id FROM users u WHERE u.id = ANY (ARRAY(SELECT employee_id FROM old_rows)) ORDER BY u.id FOR SHARE)
		SELECT jsonb_agg(jsonb_build_object('company_id', o.company_id, 'month', o.month, 'office_id', l.office_id,
			'trips', -o.trips_as_driver, 'dh', -o.driver_hundredths, 'ph', -o.passenger_hundredths, 'p', -1)) FILTER (WHERE l.office_id IS NOT NULL)
		INTO shares
		FROM locked l JOIN old_rows o ON o.employee_id = l.id;
	ELSE
		-- Each side joins the locked rows on its own; the count reads every locked row whatever the joins read.
		WITH locked AS MATERIALIZED (
			SELECT u.id, u.office_id FROM users u WHERE u.id = ANY (ARRAY(SELECT employee_id FROM new_rows UNION ALL SELECT employee_id FROM old_rows))
			ORDER BY u.id FOR SHARE)
		SELECT (SELECT jsonb_agg(x) FROM (
				SELECT jsonb_build_object('company_id', n.company_id, 'month', n.month, 'office_id', l.office_id,
					'trips', n.trips_as_driver, 'dh', n.driver_hundredths, 'ph', n.passenger_hundredths, 'p', 1) AS x
				FROM locked l JOIN new_rows n ON n.employee_id = l.id WHERE l.office_id IS NOT NULL
				UNION ALL
				SELECT jsonb_build_object('company_id', o.company_id, 'month', o.month, 'office_id', l.office_id,
					'trips', -o.trips_as_driver, 'dh', -o.driver_hundredths, 'ph', -o.passenger_hundredths, 'p', -1)
				FROM locked l JOIN old_rows o ON o.employee_id = l.id WHERE l.office_id IS NOT NULL) y)
		INTO shares
		FROM (SELECT count(*) AS n, count(office_id) AS with_office FROM locked) c
		WHERE c.with_office > 0;
	END IF;
	IF shares IS NOT NULL THEN
		PERFORM office_stats_append(shares);
	END IF;
	RETURN NULL;
END
$$;
