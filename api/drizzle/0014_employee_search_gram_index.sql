-- A list search of one or two characters finds its matches through an index instead of walking the
-- whole list in name order (docs/decisions/0018-employee-list-at-scale.md, addendum "short searches
-- through an index"). A term that short is contained in `search_text` exactly when it is one of the
-- text's one- and two-character substrings ("grams", as counted by migration 0013); a GIN index over
-- each employee's grams answers which employees have one, as the trigram index does for longer terms.
-- The index is over an expression of `search_text`, so every write that changes the searched text
-- keeps it (nothing to add to the triggers, no column in the table). The array may repeat a gram: the
-- index keeps each key of a row once.
CREATE FUNCTION "employee_search_gram_array"(s text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
	SELECT string_to_array(s, NULL) || array(SELECT substr(s, i, 2) FROM generate_series(1, length(s) - 1) i)
$$;
--> statement-breakpoint
CREATE INDEX "users_search_grams_idx" ON "users" USING gin ("employee_search_gram_array"("search_text")) WHERE "role" = 'Employee';
