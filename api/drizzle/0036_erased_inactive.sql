-- Erasure is irreversible (docs/decisions/0044-data-rights-and-retention.md): the anonymous record
-- that stands for an erased employee is never active again, whichever path (the employee list, SCIM,
-- a roster file) would reactivate it. The code refuses with a message; this holds whatever it checks.
ALTER TABLE "users" ADD CONSTRAINT "users_erased_inactive" CHECK ("users"."erased_at" is null or not "users"."is_active");
