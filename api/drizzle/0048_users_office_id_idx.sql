-- The employees of an office, or of "No office", as a set of ids (decision 0065): the insights of an
-- office read them once and join them by hash, and this index answers that read from the index alone
-- (an office's 2 500 ids in a few pages, not a scan of every user). Office ids are the company's own,
-- so no company column is needed; "No office" (office_id is null) reads it too.
CREATE INDEX IF NOT EXISTS "users_office_id_idx" ON "users" USING btree ("office_id","id");
