-- The office roll-up without a queue (decision 0055, addendum "offices without a queue"; decision 0057).
-- Migration 0043 upserted office_monthly_stats in the trigger on employee_monthly_stats, so a recorded
-- trip locked its driver's office row (company, month, office) from its last statement to its COMMIT,
-- and every trip of the same office and month waited for the one before: the queue decision 0057
-- removed for the company's row. The trigger now appends its signed shares to
-- office_monthly_stat_deltas (no row shared with other trips is locked); the trip recording folds the
-- company's deltas into office_monthly_stats after its commit, with the company's (foldCompanyRollups).
-- A reader sums office_monthly_stats and office_monthly_stat_deltas, so its answer is exact at its
-- snapshot whether the deltas are folded yet or not, and a fold moves no figure (no insights version).
-- An office's figures are the sum of its base rows and its deltas; everything 0043 says of the rows
-- holds of that sum. The share lock on the employees stays (a concurrent office change). Office
-- changes and employees deleted (rare) still upsert office_monthly_stats directly.
CREATE TABLE "office_monthly_stat_deltas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"company_id" uuid NOT NULL,
	"month" date NOT NULL,
	"office_id" uuid NOT NULL,
	"trips" integer NOT NULL,
	"distance_hundredths" bigint NOT NULL,
	"passenger_hundredths" bigint NOT NULL,
	"participants" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "office_monthly_stat_deltas" ADD CONSTRAINT "office_monthly_stat_deltas_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "office_monthly_stat_deltas_company_idx" ON "office_monthly_stat_deltas" USING btree ("company_id","month");
--> statement-breakpoint
-- Appends the signed shares `d` (as office_stats_add takes them), one row per company, month and
-- office that changes, skipping companies being deleted. Locks no row of office_monthly_stats.
CREATE FUNCTION "office_stats_append"(d jsonb) RETURNS void LANGUAGE sql AS $$
	INSERT INTO office_monthly_stat_deltas (company_id, month, office_id, trips, distance_hundredths, passenger_hundredths, participants)
	SELECT x.company_id, x.month, x.office_id, sum(x.trips), sum(x.dh), sum(x.ph), sum(x.p)
	FROM jsonb_to_recordset(d) AS x(company_id uuid, month date, office_id uuid, trips int, dh bigint, ph bigint, p int)
	WHERE x.office_id IS NOT NULL AND EXISTS (SELECT 1 FROM companies c WHERE c.id = x.company_id)
	GROUP BY 1, 2, 3
	HAVING sum(x.trips) <> 0 OR sum(x.dh) <> 0 OR sum(x.ph) <> 0 OR sum(x.p) <> 0;
$$;
--> statement-breakpoint
-- employee_monthly_stats written: each row's figures in its employee's current office, as deltas.
CREATE OR REPLACE FUNCTION "office_stats_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM 1 FROM users u WHERE u.id IN (SELECT employee_id FROM new_rows) ORDER BY u.id FOR SHARE;
		PERFORM office_stats_append((SELECT jsonb_agg(jsonb_build_object('company_id', n.company_id, 'month', n.month, 'office_id', u.office_id,
			'trips', n.trips_as_driver, 'dh', n.driver_hundredths, 'ph', n.passenger_hundredths, 'p', 1))
			FROM new_rows n JOIN users u ON u.id = n.employee_id WHERE u.office_id IS NOT NULL));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM 1 FROM users u WHERE u.id IN (SELECT employee_id FROM old_rows) ORDER BY u.id FOR SHARE;
		PERFORM office_stats_append((SELECT jsonb_agg(jsonb_build_object('company_id', o.company_id, 'month', o.month, 'office_id', u.office_id,
			'trips', -o.trips_as_driver, 'dh', -o.driver_hundredths, 'ph', -o.passenger_hundredths, 'p', -1))
			FROM old_rows o JOIN users u ON u.id = o.employee_id WHERE u.office_id IS NOT NULL));
	ELSE
		PERFORM 1 FROM users u WHERE u.id IN (SELECT employee_id FROM new_rows UNION SELECT employee_id FROM old_rows) ORDER BY u.id FOR SHARE;
		PERFORM office_stats_append((SELECT jsonb_agg(x) FROM (
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
-- Emptying the employees' rows empties the office rows and their deltas.
CREATE OR REPLACE FUNCTION "office_stats_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM office_monthly_stats;
	DELETE FROM office_monthly_stat_deltas;
	RETURN NULL;
END
$$;
