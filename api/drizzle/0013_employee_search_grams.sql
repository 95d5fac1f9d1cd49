-- The exact total of a list search of one or two characters without a scan
-- (docs/decisions/0018-employee-list-at-scale.md, addendum "answers kept in memory"). A search
-- matches when `search_text` contains the term; a term of one or two characters is contained exactly
-- when it is one of the text's one- and two-character substrings ("grams"). Statement-level
-- triggers keep, per company, approval and status, how many employees have each gram, in the
-- writer's transaction; a short search's total reads one or two rows instead of testing every
-- employee. Longer terms keep the trigram index.
CREATE TABLE "employee_search_gram_counts" (
	"company_id" uuid NOT NULL,
	"is_approved" boolean NOT NULL,
	"is_active" boolean NOT NULL,
	"gram" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "employee_search_gram_counts_pk" PRIMARY KEY("company_id","gram","is_approved","is_active")
);
--> statement-breakpoint
-- The distinct one- and two-character substrings of a text.
CREATE FUNCTION "employee_search_grams"(s text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT DISTINCT g FROM (
		SELECT substr(s, i, 1) AS g FROM generate_series(1, length(s)) i
		UNION ALL
		SELECT substr(s, i, 2) FROM generate_series(1, length(s) - 1) i
	) x
$$;
--> statement-breakpoint
CREATE FUNCTION "employee_search_grams_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO employee_search_gram_counts AS c (company_id, gram, is_approved, is_active, n)
		SELECT r.company_id, g, r.is_approved, r.is_active, count(*)
		FROM new_rows r CROSS JOIN LATERAL employee_search_grams(r.search_text) g
		WHERE r.role = 'Employee' AND r.company_id IS NOT NULL
		GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
		ON CONFLICT (company_id, gram, is_approved, is_active) DO UPDATE SET n = c.n + excluded.n;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO employee_search_gram_counts AS c (company_id, gram, is_approved, is_active, n)
		SELECT r.company_id, g, r.is_approved, r.is_active, -count(*)
		FROM old_rows r CROSS JOIN LATERAL employee_search_grams(r.search_text) g
		WHERE r.role = 'Employee' AND r.company_id IS NOT NULL
		GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
		ON CONFLICT (company_id, gram, is_approved, is_active) DO UPDATE SET n = c.n + excluded.n;
	ELSE
		-- Only rows whose text, company, role, approval or status changed; the old side counts -1.
		INSERT INTO employee_search_gram_counts AS c (company_id, gram, is_approved, is_active, n)
		SELECT d.company_id, g, d.is_approved, d.is_active, sum(d.k)
		FROM (
			SELECT x.company_id, x.role, x.is_approved, x.is_active, x.search_text, x.k
			FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
			CROSS JOIN LATERAL (VALUES
				(o.company_id, o.role, o.is_approved, o.is_active, o.search_text, -1),
				(n.company_id, n.role, n.is_approved, n.is_active, n.search_text, 1)) x(company_id, role, is_approved, is_active, search_text, k)
			WHERE (o.id, o.company_id, o.role, o.is_approved, o.is_active, o.search_text)
				IS DISTINCT FROM (n.id, n.company_id, n.role, n.is_approved, n.is_active, n.search_text)
		) d CROSS JOIN LATERAL employee_search_grams(d.search_text) g
		WHERE d.role = 'Employee' AND d.company_id IS NOT NULL
		GROUP BY 1, 2, 3, 4 HAVING sum(d.k) <> 0 ORDER BY 1, 2, 3, 4
		ON CONFLICT (company_id, gram, is_approved, is_active) DO UPDATE SET n = c.n + excluded.n;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "employee_search_grams_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "employee_search_grams_apply"();
--> statement-breakpoint
CREATE TRIGGER "employee_search_grams_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "employee_search_grams_apply"();
--> statement-breakpoint
CREATE TRIGGER "employee_search_grams_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "employee_search_grams_apply"();
--> statement-breakpoint
CREATE FUNCTION "employee_search_grams_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM employee_search_gram_counts;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "employee_search_grams_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "employee_search_grams_truncate"();
--> statement-breakpoint
INSERT INTO employee_search_gram_counts (company_id, gram, is_approved, is_active, n)
SELECT r.company_id, g, r.is_approved, r.is_active, count(*)
FROM users r CROSS JOIN LATERAL employee_search_grams(r.search_text) g
WHERE r.role = 'Employee' AND r.company_id IS NOT NULL
GROUP BY 1, 2, 3, 4;
