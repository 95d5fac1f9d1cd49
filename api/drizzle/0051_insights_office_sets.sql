-- The sets an insight of an office (or of "No office") starts from, each read from one index
-- (docs/decisions/0068-insights-office-sets.md).
--
-- 1. Each member of a journey group carries their office (`journey_group_members.office_id`, the
--    user's `office_id`, null for "No office"), so the groups with a member in a view are an
--    index-only range of (office_id, group_id), not a hash join of every member with the view's
--    employees. It is kept by two row triggers:
--    - a member written (a join, an erasure moving memberships to the anonymous record) takes their
--      user's office, read under a share lock: a concurrent office change commits first and is read,
--      or waits for the member's transaction and then moves the new row as well;
--    - a user's office changed (through the api, in SQL, or their office deleted, which sets it to
--      null) moves their memberships to the new office.
--    A change of anything else, of the user or of the member, writes nothing.
ALTER TABLE "journey_group_members" ADD COLUMN IF NOT EXISTS "office_id" uuid;
--> statement-breakpoint
UPDATE "journey_group_members" m SET "office_id" = u."office_id"
  FROM "users" u WHERE u."id" = m."user_id" AND m."office_id" IS DISTINCT FROM u."office_id";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "journey_group_members_office_idx" ON "journey_group_members" USING btree ("office_id","group_id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_office_of_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u.office_id INTO NEW.office_id FROM users u WHERE u.id = NEW.user_id FOR SHARE;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS member_office_on_write ON journey_group_members;
--> statement-breakpoint
CREATE TRIGGER member_office_on_write BEFORE INSERT OR UPDATE OF user_id, office_id ON journey_group_members
  FOR EACH ROW EXECUTE FUNCTION member_office_of_user();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_office_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE journey_group_members SET office_id = NEW.office_id WHERE user_id = NEW.id AND office_id IS DISTINCT FROM NEW.office_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS member_office_on_move ON users;
--> statement-breakpoint
CREATE TRIGGER member_office_on_move AFTER UPDATE OF office_id ON users
  FOR EACH ROW WHEN (OLD.office_id IS DISTINCT FROM NEW.office_id) EXECUTE FUNCTION member_office_moved();
--> statement-breakpoint
-- 2. "No office"'s employees of one company, from the index alone: the company's users without an
--    office, not every user without one in every company (users_office_id_idx on office_id is null).
CREATE INDEX IF NOT EXISTS "users_no_office_idx" ON "users" USING btree ("company_id","id") WHERE "office_id" IS NULL;
--> statement-breakpoint
-- 3. The active employees of a view (the dashboard's incentives panel) counted from the index alone,
--    not from a heap page per employee.
CREATE INDEX IF NOT EXISTS "users_active_office_idx" ON "users" USING btree ("company_id","office_id") WHERE "role" = 'Employee' AND "is_approved" AND "is_active";
