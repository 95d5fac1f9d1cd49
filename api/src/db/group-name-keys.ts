import { nameKey } from '@portal/shared-contracts';

/** One statement with positional parameters, answering its rows: PGlite's `query` or postgres.js's `unsafe`. */
export type QueryRows = <T>(text: string, params?: unknown[]) => Promise<T[]>;

/** The `when` of migration 0017, which adds `journey_groups.name_key`: the migrator settles the keys right after it. */
export const GROUP_NAME_KEYS_MIGRATION = 1795621396511;

interface Group {
  id: string;
  company_id: string;
  name: string;
  name_key: string;
}

/**
 * Gives every journey group its key as the api computes it (`nameKey`), which migration 0017 could
 * only approach with the database's `lower`. Groups whose keys then meet keep their members and
 * trips: every one but the oldest takes the first free " (2)", " (3)"... as the migration's own
 * pass does. Changes nothing (one read) where the keys are already right. Answers how many groups changed.
 */
export async function settleGroupNameKeys(query: QueryRows): Promise<number> {
  const groups = await query<Group>('select id, company_id, name, name_key from journey_groups order by company_id, created_at, id');
  const taken = new Map<string, Set<string>>();
  for (const g of groups) {
    const keys = taken.get(g.company_id) ?? new Set<string>();
    keys.add(nameKey(g.name));
    taken.set(g.company_id, keys);
  }
  const seen = new Map<string, Set<string>>();
  const changed: { id: string; name: string; key: string }[] = [];
  for (const g of groups) {
    const keys = taken.get(g.company_id)!;
    const own = seen.get(g.company_id) ?? new Set<string>();
    seen.set(g.company_id, own);
    let name = g.name;
    let key = nameKey(name);
    if (own.has(key)) {
      let n = 2;
      while (keys.has(nameKey(`${g.name} (${n})`))) n += 1;
      name = `${g.name} (${n})`;
      key = nameKey(name);
      keys.add(key);
    }
    own.add(key);
    if (name !== g.name || key !== g.name_key) changed.push({ id: g.id, name, key });
  }
  if (changed.length === 0) return 0;
  // Sent as text: postgres.js would send a string given for a `json` parameter as a JSON string.
  const json = JSON.stringify(changed);
  // Two steps so no group holds, even for a moment, a key another still has: first a key no name
  // can have (`nameKey` trims, so none starts with a space), then the right one.
  await query(
    `update journey_groups g set name_key = ' ' || g.id::text
      from json_to_recordset($1::text::json) as v(id uuid, name text, key text) where g.id = v.id`,
    [json],
  );
  await query(
    `update journey_groups g set name = v.name, name_key = v.key
      from json_to_recordset($1::text::json) as v(id uuid, name text, key text) where g.id = v.id`,
    [json],
  );
  return changed.length;
}
