-- Per office and month: the figures of the employees of an office, kept by triggers from
-- employee_monthly_stats in the writer's transaction (decision 0055, addendum "the first read after a
-- write"). An office's insights, and "No office" (the company less its offices), add up one row per
-- office and month instead of every employee's monthly row: "No office"'s trend read 12 months of
-- every employee with an office. A row is the sum over the employee_monthly_stats rows of the company
-- and month whose employee is in the office now (participants: how many such rows), so it equals the
-- statement it replaces at every moment:
-- - a change of an employee_monthly_stats row moves its figures in its employee's office;
-- - a change of an employee's office (or an office deleted: the employee's office is set null) moves
--   all their rows from the old office to the new;
-- - an employee deleted takes their rows out of their office before the rows go (the rows' own
--   delete, by cascade, then finds no employee).
-- A row changed while its employee's office changes: the trigger takes a share lock on the employees
-- first, so it waits for the office change to commit and then reads the new office, and an office
-- change waits for the writer of the employees' rows and then reads their rows as committed. Each
-- statement writes its rows in key order. Writes that would change nothing write nothing. Rows are
-- never deleted here: an office emptied keeps rows of zeros. The company's insights version moves
-- with the employee_monthly_stats or users write that changed a row (migration 0040).
CREATE TABLE "office_monthly_stats" (
	"company_id" uuid NOT NULL,
	"month" date NOT NULL,
	"office_id" uuid NOT NULL,
	"trips" integer DEFAULT 0 NOT NULL,
	"distance_hundredths" bigint DEFAULT 0 NOT NULL,
	"passenger_hundredths" bigint DEFAULT 0 NOT NULL,
	"participants" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "office_monthly_stats_company_id_month_office_id_pk" PRIMARY KEY("company_id","month","office_id")
);
--> statement-breakpoint
ALTER TABLE "office_monthly_stats" ADD CONSTRAINT "office_monthly_stats_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Adds the signed shares `d` (company, month, office, trips, distance, passenger distance, participants)
-- to their rows, in key order, skipping companies being deleted (their rows go by cascade).
CREATE FUNCTION "office_stats_add"(d jsonb) RETURNS void LANGUAGE sql AS $$
	INSERT INTO office_monthly_stats AS o (company_id, month, office_id, trips, distance_hundredths, passenger_hundredths, participants)
	SELECT x.company_id, x.month, x.office_id, sum(x.trips), sum(x.dh), sum(x.ph), sum(x.p)
	FROM jsonb_to_recordset(d) AS x(company_id uuid, month date, office_id uuid, trips int, dh bigint, ph bigint, p int)
	WHERE x.office_id IS NOT NULL AND EXISTS (SELECT 1 FROM companies c WHERE c.id = x.company_id)
	GROUP BY 1, 2, 3
	HAVING sum(x.trips) <> 0 OR sum(x.dh) <> 0 OR sum(x.ph) <> 0 OR sum(x.p) <> 0
	ORDER BY 1, 2, 3
	ON CONFLICT (company_id, month, office_id) DO UPDATE SET trips = o.trips + excluded.trips,
		distance_hundredths = o.distance_hundredths + excluded.distance_hundredths,
		passenger_hundredths = o.passenger_hundredths + excluded.passenger_hundredths,
		participants = o.participants + excluded.participants;
$$;
--> statement-breakpoint
-- employee_monthly_stats written: each row's figures in its employee's current office.
CREATE FUNCTION "office_stats_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM 1 FROM users u WHERE u.id IN (SELECT employee_id FROM new_rows) ORDER BY u.id FOR SHARE;
		PERFORM office_stats_add((SELECT jsonb_agg(jsonb_build_object('company_id', n.company_id, 'month', n.month, 'office_id', u.office_id,
			'trips', n.trips_as_driver, 'dh', n.driver_hundredths, 'ph', n.passenger_hundredths, 'p', 1))
			FROM new_rows n JOIN users u ON u.id = n.employee_id WHERE u.office_id IS NOT NULL));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM 1 FROM users u WHERE u.id IN (SELECT employee_id FROM old_rows) ORDER BY u.id FOR SHARE;
		PERFORM office_stats_add((SELECT jsonb_agg(jsonb_build_object('company_id', o.company_id, 'month', o.month, 'office_id', u.office_id,
			'trips', -o.trips_as_driver, 'dh', -o.driver_hundredths, 'ph', -o.passenger_hundredths, 'p', -1))
			FROM old_rows o JOIN users u ON u.id = o.employee_id WHERE u.office_id IS NOT NULL));
	ELSE
		PERFORM 1 FROM users u WHERE u.id IN (SELECT employee_id FROM new_rows UNION SELECT employee_id FROM old_rows) ORDER BY u.id FOR SHARE;
		PERFORM office_stats_add((SELECT jsonb_agg(x) FROM (
			SELECT jsonb_build_object('company_id', n.company_id, 'month', n.month, 'office_id', u.office_id,
				'trips', n.trips_as_driver, 'dh', n.driver_hundredths, 'ph', n.passenger_hundredths, 'p', 1) AS x
			FROM new_rows n JOIN users u ON u.id = n.employee_id WHERE u.office_id IS NOT NULL
			UNION ALL
			SELECT jsonb_build_object('company_id', o.company_id, 'month', o.month, 'office_id', u.office_id,
				'trips', -o.trips_as_driver, 'dh', -o.driver_hundredths, 'ph', -o.passenger_hundredths, 'p', -1)
			FROM old_rows o JOIN users u ON u.id = o.employee_id WHERE u.office_id IS NOT NULL) y));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Employees whose office (or company) changed: all their rows leave the old office for the new.
CREATE FUNCTION "office_stats_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM office_stats_add((SELECT jsonb_agg(x) FROM (
		SELECT jsonb_build_object('company_id', s.company_id, 'month', s.month, 'office_id', m.new_office,
			'trips', s.trips_as_driver, 'dh', s.driver_hundredths, 'ph', s.passenger_hundredths, 'p', 1) AS x
		FROM (SELECT n.id, o.office_id AS old_office, n.office_id AS new_office FROM new_rows n JOIN old_rows o ON o.id = n.id
			WHERE (o.office_id, o.company_id) IS DISTINCT FROM (n.office_id, n.company_id)) m
		JOIN employee_monthly_stats s ON s.employee_id = m.id
		UNION ALL
		SELECT jsonb_build_object('company_id', s.company_id, 'month', s.month, 'office_id', m.old_office,
			'trips', -s.trips_as_driver, 'dh', -s.driver_hundredths, 'ph', -s.passenger_hundredths, 'p', -1)
		FROM (SELECT n.id, o.office_id AS old_office FROM new_rows n JOIN old_rows o ON o.id = n.id
			WHERE (o.office_id, o.company_id) IS DISTINCT FROM (n.office_id, n.company_id)) m
		JOIN employee_monthly_stats s ON s.employee_id = m.id) y));
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- An employee deleted: their rows leave their office before the cascade deletes them.
CREATE FUNCTION "office_stats_leaving"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF OLD.office_id IS NOT NULL THEN
		PERFORM office_stats_add((SELECT jsonb_agg(jsonb_build_object('company_id', s.company_id, 'month', s.month, 'office_id', OLD.office_id,
			'trips', -s.trips_as_driver, 'dh', -s.driver_hundredths, 'ph', -s.passenger_hundredths, 'p', -1))
			FROM employee_monthly_stats s WHERE s.employee_id = OLD.id));
	END IF;
	RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "office_stats_rows_insert" AFTER INSERT ON "employee_monthly_stats" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "office_stats_rows"();
--> statement-breakpoint
CREATE TRIGGER "office_stats_rows_delete" AFTER DELETE ON "employee_monthly_stats" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "office_stats_rows"();
--> statement-breakpoint
CREATE TRIGGER "office_stats_rows_update" AFTER UPDATE ON "employee_monthly_stats" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "office_stats_rows"();
--> statement-breakpoint
-- Emptying the employees' rows empties these (a test's reset, a rebuild by hand).
CREATE FUNCTION "office_stats_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM office_monthly_stats;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "office_stats_rows_truncate" AFTER TRUNCATE ON "employee_monthly_stats" FOR EACH STATEMENT EXECUTE FUNCTION "office_stats_truncate"();
--> statement-breakpoint
CREATE TRIGGER "office_stats_users_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "office_stats_moved"();
--> statement-breakpoint
CREATE TRIGGER "office_stats_users_delete" BEFORE DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "office_stats_leaving"();
--> statement-breakpoint
-- The rows of the employees already recorded.
INSERT INTO office_monthly_stats (company_id, month, office_id, trips, distance_hundredths, passenger_hundredths, participants)
SELECT s.company_id, s.month, u.office_id, sum(s.trips_as_driver), sum(s.driver_hundredths), sum(s.passenger_hundredths), count(*)
FROM employee_monthly_stats s JOIN users u ON u.id = s.employee_id
WHERE u.office_id IS NOT NULL
GROUP BY 1, 2, 3;
