-- The audit log's totals per company, kept exact by the database in the transaction of every write
-- to audit_log (docs/decisions/0017-audit-log.md): a page without filters reads counter rows instead
-- of counting entries. Entries without a company (super admins, releases) count under the nil UUID.
CREATE TABLE "audit_log_counts" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
-- Statement-level, with transition tables: a bulk approval makes one upsert per company, in key
-- order, so two transactions touching the same companies lock their rows in the same order.
CREATE FUNCTION "audit_log_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO audit_log_counts AS c (company_id, n)
		SELECT coalesce(company_id, '00000000-0000-0000-0000-000000000000'::uuid), count(*) FROM new_rows
		GROUP BY 1 ORDER BY 1
		ON CONFLICT (company_id) DO UPDATE SET n = c.n + excluded.n;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO audit_log_counts AS c (company_id, n)
		SELECT coalesce(company_id, '00000000-0000-0000-0000-000000000000'::uuid), -count(*) FROM old_rows
		GROUP BY 1 ORDER BY 1
		ON CONFLICT (company_id) DO UPDATE SET n = c.n + excluded.n;
	ELSE
		INSERT INTO audit_log_counts AS c (company_id, n)
		SELECT k, sum(d) FROM (
			SELECT coalesce(company_id, '00000000-0000-0000-0000-000000000000'::uuid) AS k, 1 AS d FROM new_rows
			UNION ALL
			SELECT coalesce(company_id, '00000000-0000-0000-0000-000000000000'::uuid) AS k, -1 AS d FROM old_rows
		) x
		GROUP BY 1 HAVING sum(d) <> 0 ORDER BY 1
		ON CONFLICT (company_id) DO UPDATE SET n = c.n + excluded.n;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_counts_insert" AFTER INSERT ON "audit_log" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_counts_delete" AFTER DELETE ON "audit_log" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_counts_update" AFTER UPDATE ON "audit_log" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_counts_apply"();
--> statement-breakpoint
-- A truncate would leave the counters behind; it empties them too.
CREATE FUNCTION "audit_log_counts_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM audit_log_counts;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_counts_truncate" AFTER TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_counts_truncate"();
--> statement-breakpoint
INSERT INTO "audit_log_counts" ("company_id", "n")
SELECT coalesce("company_id", '00000000-0000-0000-0000-000000000000'::uuid), count(*) FROM "audit_log"
GROUP BY 1;
