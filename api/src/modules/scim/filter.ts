import { sql, type SQL } from 'drizzle-orm';
import { parse, type Filter } from 'scim2-parse-filter';
import { MESSAGES, SCIM_LIMITS } from '@portal/shared-contracts';
import { isUuid } from '../../lib/ids';
import { ENTERPRISE_SCHEMA, USER_SCHEMA } from './discovery';
import { ScimError } from './errors';

const M = MESSAGES.scim;
const unsupported = () => new ScimError(400, M.filterUnsupported, 'invalidFilter');

/** An attribute path without the core schema's prefix, lower-cased (names are case-insensitive, RFC 7643 2.1). */
function attribute(path: string): string {
  const p = path.toLowerCase();
  const core = `${USER_SCHEMA.toLowerCase()}:`;
  return p.startsWith(core) ? p.slice(core.length) : p;
}

function compare(attr: string, value: unknown): SQL {
  if (attr === 'active') {
    if (typeof value !== 'boolean') throw unsupported();
    return sql`u.is_active = ${value}`;
  }
  if (typeof value !== 'string') throw unsupported();
  switch (attr) {
    // userName and emails are case-insensitive (caseExact false), like the unique index.
    case 'username':
    case 'emails.value':
    case 'emails':
      return sql`lower(u.email) = lower(${value})`;
    case 'externalid':
      return sql`u.scim_external_id = ${value}`;
    case 'id':
      // An id that is no uuid names no one (not an error: the provider asked a question).
      return isUuid(value) ? sql`u.id = ${value.toLowerCase()}::uuid` : sql`false`;
    case `${ENTERPRISE_SCHEMA.toLowerCase()}:employeenumber`:
      return sql`lower(u.employee_number) = lower(${value})`;
    default:
      throw unsupported();
  }
}

function toSql(f: Filter, depth: number): SQL {
  if (depth > 10) throw unsupported();
  switch (f.op) {
    case 'eq':
      return compare(attribute(f.attrPath), f.compValue);
    case 'and':
      return sql`(${sql.join(
        f.filters.map((x) => toSql(x, depth + 1)),
        sql` and `,
      )})`;
    case '[]': {
      // emails[value eq "…"] and emails[type eq "work" and value eq "…"]: the one work address.
      if (attribute(f.attrPath) !== 'emails') throw unsupported();
      const inner = f.valFilter;
      const parts = inner.op === 'and' ? inner.filters : [inner];
      const conditions = parts.flatMap((p) => {
        if (p.op !== 'eq') throw unsupported();
        const a = attribute(p.attrPath);
        if (a === 'type') return [];
        if (a !== 'value') throw unsupported();
        return [compare('emails.value', p.compValue)];
      });
      if (!conditions.length) throw unsupported();
      return sql.join(conditions, sql` and `);
    }
    default:
      throw unsupported();
  }
}

/**
 * A list's `filter` (RFC 7644, 3.4.2.2) as a condition on `users u`. The length is checked before
 * the parser sees it; what the service does not support answers 400 `invalidFilter` saying what it does.
 */
export function filterCondition(filter: string | undefined): SQL {
  if (filter === undefined || filter.trim() === '') return sql`true`;
  if (filter.length > SCIM_LIMITS.filterMax) throw new ScimError(400, M.filterTooLong(SCIM_LIMITS.filterMax), 'invalidFilter');
  let parsed: Filter;
  try {
    parsed = parse(filter);
  } catch {
    throw new ScimError(400, M.filterInvalid, 'invalidFilter');
  }
  return toSql(parsed, 0);
}
