-- Deep pages of the employee list without walking the rows before them
-- (docs/decisions/0018-employee-list-at-scale.md). Every 1 000th key of a company's list (per
-- approval and status filter) is kept as an anchor; a page seeks to the anchor before it and walks at
-- most 999 index entries. Anchors are built by the first deep read and belong to a version of the
-- company's list: any write that can move a row in it (insert, delete, a change of name, company,
-- role, approval or status) bumps the version in the writer's transaction, so anchors of an older
-- version are never used.
CREATE TABLE "employee_list_versions" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_list_anchors" (
	"company_id" uuid NOT NULL,
	"is_approved" boolean NOT NULL,
	"status" text NOT NULL,
	"position" integer NOT NULL,
	"version" bigint NOT NULL,
	"last_name_key" text NOT NULL,
	"first_name_key" text NOT NULL,
	"id" uuid NOT NULL,
	CONSTRAINT "employee_list_anchors_pk" PRIMARY KEY("company_id","is_approved","status","position")
);
--> statement-breakpoint
CREATE FUNCTION "employee_list_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO employee_list_versions AS v (company_id, version)
		SELECT DISTINCT company_id, 1 FROM new_rows WHERE role = 'Employee' AND company_id IS NOT NULL ORDER BY 1
		ON CONFLICT (company_id) DO UPDATE SET version = v.version + 1;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO employee_list_versions AS v (company_id, version)
		SELECT DISTINCT company_id, 1 FROM old_rows WHERE role = 'Employee' AND company_id IS NOT NULL ORDER BY 1
		ON CONFLICT (company_id) DO UPDATE SET version = v.version + 1;
	ELSE
		INSERT INTO employee_list_versions AS v (company_id, version)
		SELECT DISTINCT c, 1 FROM (
			SELECT unnest(ARRAY[o.company_id, n.company_id]) AS c
			FROM old_rows o JOIN new_rows n ON n.id = o.id
			WHERE (o.role = 'Employee' OR n.role = 'Employee')
				AND (o.company_id, o.role, o.is_approved, o.is_active, o.last_name, o.first_name)
					IS DISTINCT FROM (n.company_id, n.role, n.is_approved, n.is_active, n.last_name, n.first_name)
		) x WHERE c IS NOT NULL ORDER BY 1
		ON CONFLICT (company_id) DO UPDATE SET version = v.version + 1;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "employee_list_version_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "employee_list_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "employee_list_version_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "employee_list_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "employee_list_version_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "employee_list_version_bump"();
--> statement-breakpoint
CREATE FUNCTION "employee_list_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM employee_list_anchors;
	DELETE FROM employee_list_versions;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "employee_list_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "employee_list_truncate"();
