-- Text as people type it (docs/decisions/0031-edges-of-input.md): names, group names and feedback
-- are kept in Unicode NFC, so "é" typed as one character or as "e" and a combining accent is one
-- text, stored, compared and searched alike; a journey group's name is unique in its company
-- whatever its case and form. The forms and the api put what they take in NFC (forms/text.ts);
-- this migration brings the rows written before, and the database holds the two rules whoever writes.
--
-- 1. A journey group's name is unique by its NFC form, lower-cased, so "Café Riders" typed either
-- way (or "café riders") is one name even when two writers race. The key is a column the api writes
-- with the name (`nameKey` in shared-contracts), with the unique index on it: the database's own
-- `lower` follows the cluster's collation (under C it lowers ASCII letters only), so no index may
-- compute it. Groups that were already two names by the old rule (lower case only) and are one by
-- the new keep their members and trips: every group but the oldest gets " (2)", " (3)"... after its
-- name, the first suffix that is free. This file does that as far as the database's `lower` can; the
-- migrator then computes every key with `nameKey` and finishes it (api/src/db/group-name-keys.ts).
DROP INDEX "journey_groups_company_name_unique";
--> statement-breakpoint
DO $$
DECLARE
	g record;
	n int;
	candidate text;
BEGIN
	FOR g IN
		SELECT d.id, d.company_id, d.name FROM (
			SELECT id, company_id, name, created_at,
				row_number() OVER (PARTITION BY company_id, lower(normalize(name, NFC)) ORDER BY created_at, id) AS rn
			FROM journey_groups
		) d
		WHERE d.rn > 1
		ORDER BY d.company_id, d.created_at, d.id
	LOOP
		n := 2;
		LOOP
			candidate := g.name || ' (' || n || ')';
			EXIT WHEN NOT EXISTS (
				SELECT 1 FROM journey_groups
				WHERE company_id = g.company_id AND lower(normalize(name, NFC)) = lower(normalize(candidate, NFC))
			);
			n := n + 1;
		END LOOP;
		UPDATE journey_groups SET name = candidate WHERE id = g.id;
	END LOOP;
END $$;
--> statement-breakpoint
UPDATE journey_groups SET
	name = normalize(name, NFC),
	meeting_points = array(SELECT normalize(p.v, NFC) FROM unnest(meeting_points) WITH ORDINALITY AS p(v, i) ORDER BY p.i)
WHERE name IS NOT NFC NORMALIZED OR EXISTS (SELECT 1 FROM unnest(meeting_points) v WHERE v IS NOT NFC NORMALIZED);
--> statement-breakpoint
ALTER TABLE "journey_groups" ADD COLUMN "name_key" text;
--> statement-breakpoint
-- A first key, unique as the old index was; the migrator rewrites the ones `nameKey` reads otherwise.
UPDATE journey_groups SET name_key = lower(name);
--> statement-breakpoint
ALTER TABLE "journey_groups" ALTER COLUMN "name_key" SET NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "journey_groups_company_name_unique" ON "journey_groups" ("company_id", "name_key");
--> statement-breakpoint
-- 2. People's names in NFC whoever writes them (the demo generator, hand-written SQL), so the
-- searched text (`search_text`, generated from them after this trigger has run) and the gram and
-- trigram indexes built over it hold the NFC form the api searches with. The WHEN clause runs no
-- function for a name already in NFC, which every write through the api is.
CREATE FUNCTION "users_names_nfc"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.first_name := normalize(NEW.first_name, NFC);
	NEW.last_name := normalize(NEW.last_name, NFC);
	NEW.name := normalize(NEW.name, NFC);
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_names_nfc" BEFORE INSERT OR UPDATE OF "first_name", "last_name", "name" ON "users"
	FOR EACH ROW
	WHEN (NEW.first_name IS NOT NFC NORMALIZED OR NEW.last_name IS NOT NFC NORMALIZED OR NEW.name IS NOT NFC NORMALIZED)
	EXECUTE FUNCTION "users_names_nfc"();
--> statement-breakpoint
-- The rows written before (the statement-level triggers keep the counters, grams and answers' versions).
UPDATE users SET first_name = first_name, last_name = last_name, name = name
WHERE first_name IS NOT NFC NORMALIZED OR last_name IS NOT NFC NORMALIZED OR name IS NOT NFC NORMALIZED;
--> statement-breakpoint
-- 3. The other names and the feedback as the forms now store them.
UPDATE companies SET name = normalize(name, NFC) WHERE name IS NOT NFC NORMALIZED;
--> statement-breakpoint
UPDATE locations SET
	address_line1 = normalize(address_line1, NFC),
	address_line2 = normalize(address_line2, NFC),
	town = normalize(town, NFC)
WHERE address_line1 IS NOT NFC NORMALIZED OR address_line2 IS NOT NFC NORMALIZED OR town IS NOT NFC NORMALIZED;
--> statement-breakpoint
UPDATE feedbacks SET feedback_text = normalize(feedback_text, NFC) WHERE feedback_text IS NOT NFC NORMALIZED;
