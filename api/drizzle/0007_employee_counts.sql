-- The employee list's totals, kept exact per company, approval and status by the database itself in
-- the transaction of every write to users (docs/decisions/0018-employee-list-at-scale.md): a page
-- reads one or two counter rows instead of counting the company's employees.
CREATE TABLE "employee_counts" (
	"company_id" uuid NOT NULL,
	"is_approved" boolean NOT NULL,
	"is_active" boolean NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "employee_counts_pk" PRIMARY KEY("company_id","is_approved","is_active")
);
--> statement-breakpoint
-- Statement-level triggers with transition tables: a 10 000-row import or a bulk rejection makes one
-- upsert of at most a few rows, not one per employee. Rows are upserted in key order so that two
-- transactions changing the same company's counters lock them in the same order.
CREATE FUNCTION "employee_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO employee_counts AS c (company_id, is_approved, is_active, n)
		SELECT company_id, is_approved, is_active, count(*) FROM new_rows
		WHERE role = 'Employee' AND company_id IS NOT NULL
		GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
		ON CONFLICT (company_id, is_approved, is_active) DO UPDATE SET n = c.n + excluded.n;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO employee_counts AS c (company_id, is_approved, is_active, n)
		SELECT company_id, is_approved, is_active, -count(*) FROM old_rows
		WHERE role = 'Employee' AND company_id IS NOT NULL
		GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
		ON CONFLICT (company_id, is_approved, is_active) DO UPDATE SET n = c.n + excluded.n;
	ELSE
		INSERT INTO employee_counts AS c (company_id, is_approved, is_active, n)
		SELECT company_id, is_approved, is_active, sum(d) FROM (
			SELECT company_id, is_approved, is_active, 1 AS d FROM new_rows WHERE role = 'Employee' AND company_id IS NOT NULL
			UNION ALL
			SELECT company_id, is_approved, is_active, -1 AS d FROM old_rows WHERE role = 'Employee' AND company_id IS NOT NULL
		) x
		GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
		ON CONFLICT (company_id, is_approved, is_active) DO UPDATE SET n = c.n + excluded.n;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "employee_counts_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "employee_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "employee_counts_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "employee_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "employee_counts_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "employee_counts_apply"();
--> statement-breakpoint
-- A truncate would leave the counters behind; it empties them too.
CREATE FUNCTION "employee_counts_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM employee_counts;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "employee_counts_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "employee_counts_truncate"();
--> statement-breakpoint
INSERT INTO "employee_counts" ("company_id", "is_approved", "is_active", "n")
SELECT "company_id", "is_approved", "is_active", count(*) FROM "users"
WHERE "role" = 'Employee' AND "company_id" IS NOT NULL
GROUP BY 1, 2, 3;
--> statement-breakpoint
-- The list's order with what the page needs to filter and sort beside it, so that a page (and the
-- rows an OFFSET skips) is read from the index alone, never from the table.
DROP INDEX "users_employee_list_idx";
--> statement-breakpoint
CREATE INDEX "users_employee_list_idx" ON "users" USING btree ("company_id","role","is_approved",lower("last_name"),lower("first_name"),"id") INCLUDE ("is_active","last_name","first_name");
