import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rows } from '../db/sql';
import { NO_PASSWORD, hashPassword } from '../lib/passwords';

/**
 * Realistic employees for a demo company, at any size: UK names, departments, phone numbers and
 * postcodes; most active, some deactivated with a reason, some join requests still pending; about
 * 30% drivers with a licence and a car, part of them verified. The same seed, company and size
 * give the same people. Rows go in by multi-row inserts of a few thousand, so 100 000 employees
 * take seconds, not minutes.
 */

const FIRST_NAMES = [
  'Oliver', 'George', 'Noah', 'Arthur', 'Harry', 'Leo', 'Muhammad', 'Jack', 'Charlie', 'Oscar', 'Jacob', 'Henry', 'Thomas',
  'Freddie', 'Alfie', 'Theo', 'William', 'Theodore', 'Archie', 'Joshua', 'Alexander', 'James', 'Isaac', 'Edward', 'Lucas',
  'Tommy', 'Finley', 'Max', 'Logan', 'Ethan', 'Mohammed', 'Teddy', 'Benjamin', 'Arlo', 'Joseph', 'Sebastian', 'Samuel',
  'Daniel', 'David', 'Matthew', 'Ryan', 'Liam', 'Callum', 'Connor', 'Rhys', 'Owen', 'Dylan', 'Aiden', 'Kai', 'Ravi',
  'Olivia', 'Amelia', 'Isla', 'Ava', 'Ivy', 'Freya', 'Lily', 'Florence', 'Mia', 'Willow', 'Rosie', 'Sophia', 'Isabella',
  'Grace', 'Daisy', 'Sienna', 'Poppy', 'Elsie', 'Emily', 'Ella', 'Evelyn', 'Phoebe', 'Sofia', 'Evie', 'Charlotte',
  'Harper', 'Millie', 'Matilda', 'Maya', 'Sophie', 'Alice', 'Emilia', 'Isabelle', 'Ruby', 'Sarah', 'Hannah', 'Chloe',
  'Jessica', 'Lucy', 'Megan', 'Rebecca', 'Laura', 'Amy', 'Zara', 'Aisha', 'Priya', 'Fatima', 'Niamh', 'Siobhan', 'Catrin',
] as const;

const LAST_NAMES = [
  'Smith', 'Jones', 'Williams', 'Taylor', 'Brown', 'Davies', 'Evans', 'Wilson', 'Thomas', 'Johnson', 'Roberts', 'Robinson',
  'Thompson', 'Wright', 'Walker', 'White', 'Edwards', 'Hughes', 'Green', 'Hall', 'Lewis', 'Harris', 'Clarke', 'Patel',
  'Jackson', 'Wood', 'Turner', 'Martin', 'Cooper', 'Hill', 'Ward', 'Morris', 'Moore', 'Clark', 'Lee', 'King', 'Baker',
  'Harrison', 'Morgan', 'Allen', 'James', 'Scott', 'Phillips', 'Watson', 'Davis', 'Parker', 'Price', 'Bennett', 'Young',
  'Griffiths', 'Mitchell', 'Kelly', 'Cook', 'Carter', 'Richardson', 'Bailey', 'Collins', 'Bell', 'Shaw', 'Murphy',
  'Miller', 'Cox', 'Richards', 'Khan', 'Marshall', 'Anderson', 'Simpson', 'Ellis', 'Adams', 'Singh', 'Begum', 'Wilkinson',
  'Foster', 'Chapman', 'Powell', 'Webb', 'Rogers', 'Gray', 'Mason', 'Ali', 'Hunt', 'Hussain', 'Campbell', 'Matthews',
  'Owen', 'Palmer', 'Holmes', 'Mills', 'Barnes', 'Knight', 'Lloyd', 'Butler', 'Russell', 'Barker', 'Fisher', 'Stevens',
  'Jenkins', 'Murray', 'Dixon', 'Harvey', 'Graham', 'Pearson', "O'Brien", 'MacDonald', 'Ahmed', 'Fletcher', 'Reid',
] as const;

const DEPARTMENTS = ['Operations', 'Finance', 'Human Resources', 'Sales', 'Marketing', 'IT', 'Customer Service', 'Logistics', 'Legal', 'Facilities', 'Engineering', 'Procurement'] as const;

/** Outward codes of towns a commuter scheme might cover (Leeds, Bradford, Manchester, Sheffield, York). */
const OUTWARD_CODES = ['LS1', 'LS2', 'LS6', 'LS8', 'LS11', 'LS17', 'LS28', 'BD1', 'BD4', 'BD9', 'M1', 'M3', 'M14', 'M20', 'S1', 'S10', 'S11', 'YO1', 'YO24', 'HX1', 'WF1', 'HD1'] as const;
const POSTCODE_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

const CARS: readonly (readonly [string, readonly string[]])[] = [
  ['Ford', ['Fiesta', 'Focus', 'Puma', 'Kuga']],
  ['Vauxhall', ['Corsa', 'Astra', 'Mokka']],
  ['Volkswagen', ['Polo', 'Golf', 'T-Roc', 'ID.3']],
  ['Toyota', ['Yaris', 'Corolla', 'C-HR', 'RAV4']],
  ['Nissan', ['Micra', 'Juke', 'Qashqai', 'Leaf']],
  ['Kia', ['Picanto', 'Ceed', 'Sportage', 'Niro']],
  ['Hyundai', ['i10', 'i20', 'Tucson', 'Kona']],
  ['BMW', ['1 Series', '3 Series', 'X1']],
  ['Audi', ['A1', 'A3', 'Q3']],
  ['Mini', ['Hatch', 'Countryman']],
  ['Skoda', ['Fabia', 'Octavia', 'Karoq']],
  ['Tesla', ['Model 3', 'Model Y']],
];
const COLOURS = ['Black', 'White', 'Silver', 'Grey', 'Blue', 'Red', 'Green', 'Orange'] as const;
/** Registration letters: no I, Q or Z in the random part. */
const REG_LETTERS = 'ABCDEFGHJKLMNOPRSTUVWXY';
const MEMORY_TAGS = ['LS', 'LD', 'MA', 'MB', 'YA', 'YB', 'SA', 'SB', 'BD', 'HD'] as const;

const DEACTIVATION_REASONS = [
  'Left the company',
  'On long-term leave',
  'Moved to a site outside the scheme',
  'Asked to leave the scheme',
  'Repeated no-shows for booked lifts',
] as const;

export interface SeedDemoEmployeesOptions {
  companyId: string;
  count: number;
  /** Same seed, company and existing headcount: same people. */
  seed?: number | string;
  /** A password every demo employee can sign in with (hashed once); without it they are "invited", no password yet. */
  password?: string;
  /** Share of employees still awaiting approval, 0..1. */
  pendingShare?: number;
  /** Share of deactivated employees, 0..1. */
  deactivatedShare?: number;
  /** Share of drivers (licence and car), 0..1. */
  driverShare?: number;
}

export interface SeedDemoEmployeesResult {
  created: number;
  active: number;
  deactivated: number;
  pending: number;
  drivers: number;
  verifiedDrivers: number;
}

/** mulberry32 over a 32-bit state derived from the seed text: small, fast, good enough for demo data. */
export function prng(seedText: string): () => number {
  let a = createHash('sha256').update(seedText).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Enough rows per statement for speed, few enough to keep each JSON parameter a few MB. */
const CHUNK = 5000;

function slug(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'company';
}

const DOMAIN = /^(?=.{4,100}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/;

/** Domains that can never receive mail (RFC 2606), so made-up addresses reach nobody. */
const RESERVED_DOMAIN = /(^|\.)(example|test|invalid|localhost)$|(^|\.)example\.(com|net|org)$/;

/**
 * A short, readable email domain for a company's employees: the company email's own domain when
 * it is a reserved one (`hello@greenway.example` -> `greenway.example`), else the first word of the
 * company name (`greenway.example`). Another company's users already on that domain would make
 * addresses clash, so then (only then) the domain carries the company's short id.
 */
async function employeeDomain(db: Db, companyId: string, name: string, email: string): Promise<string> {
  const fromEmail = email.trim().toLowerCase().split('@')[1] ?? '';
  const preferred = DOMAIN.test(fromEmail) && RESERVED_DOMAIN.test(fromEmail) ? fromEmail : `${slug(name).split('-')[0]}.example`;
  const [clash] = await rows<{ id: string }>(
    db,
    // The domain pattern admits no LIKE wildcards, so it goes into the pattern as it is.
    sql`select id from users where lower(email) like ${`%@${preferred}`}
      and company_id is distinct from ${companyId}::uuid limit 1`,
  );
  return clash ? `${slug(name)}-${companyId.slice(0, 8)}.example` : preferred;
}

export async function seedDemoEmployees(db: Db, options: SeedDemoEmployeesOptions): Promise<SeedDemoEmployeesResult> {
  const { companyId, count } = options;
  const result: SeedDemoEmployeesResult = { created: 0, active: 0, deactivated: 0, pending: 0, drivers: 0, verifiedDrivers: 0 };
  if (count <= 0) return result;
  const [company] = await rows<{ name: string; email: string; existing: number }>(
    db,
    sql`select c.name, c.email, (select count(*)::int from users u where u.company_id = c.id and u.role = 'Employee') as existing
      from companies c where c.id = ${companyId}`,
  );
  if (!company) throw new Error(`seedDemoEmployees: no company ${companyId}`);
  const offset = Number(company.existing);
  const domain = await employeeDomain(db, companyId, company.name, company.email);
  const rand = prng(`${options.seed ?? 1}:${companyId}:${offset}`);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(rand() * 10)).join('');
  const letters = (alphabet: string, n: number) => Array.from({ length: n }, () => alphabet[Math.floor(rand() * alphabet.length)]).join('');
  const passwordHash = options.password ? await hashPassword(options.password) : NO_PASSWORD;
  const pendingShare = options.pendingShare ?? 0.05;
  // The share is drawn person by person, so a company of 60 would have no join request waiting in
  // about one run in twenty: the last people are made pending when the draw left too few.
  const minPending = Math.min(count, Math.round(count * pendingShare));
  const deactivatedShare = options.deactivatedShare ?? 0.08;
  const driverShare = options.driverShare ?? 0.3;
  const now = Date.now();
  const DAY = 86_400_000;

  const ids: string[] = [];
  await db.transaction(async (tx) => {
    for (let start = 0; start < count; start += CHUNK) {
      const n = Math.min(CHUNK, count - start);
      const people: Record<string, unknown>[] = [];
      const cars: Record<string, unknown>[] = [];
      for (let k = 0; k < n; k++) {
        const seq = offset + start + k + 1;
        const first = pick(FIRST_NAMES);
        const last = pick(LAST_NAMES);
        const roll = rand();
        const left = count - (start + k);
        const pending = roll < pendingShare || minPending - result.pending >= left;
        const deactivated = !pending && roll < pendingShare + deactivatedShare;
        const driver = !pending && rand() < driverShare;
        const verified = driver && rand() < 0.6;
        const createdAt = new Date(now - Math.floor(rand() * 730 * DAY));
        const licence = driver
          ? `${last.replace(/[^A-Za-z]/g, '').toUpperCase().padEnd(5, '9').slice(0, 5)}${digits(6)}${first[0]!.toUpperCase()}${letters(REG_LETTERS, 1)}9${letters(REG_LETTERS, 2)}`
          : null;
        const email = `${first}.${last}.${seq}@${domain}`.toLowerCase().replace(/'/g, '');
        const id = `${createHash('sha256').update(`${companyId}:${seq}:${options.seed ?? 1}`).digest('hex').slice(0, 32)}`.replace(
          /^(.{8})(.{4})(.{4})(.{4})(.{12})$/,
          (_m, a: string, b: string, c: string, d: string, e: string) => `${a}-${b}-4${c.slice(1)}-${'89ab'[parseInt(d[0]!, 16) % 4]}${d.slice(1)}-${e}`,
        );
        people.push({
          id,
          email,
          name: `${first} ${last}`,
          first_name: first,
          last_name: last,
          phone_number: `07700 ${digits(6)}`,
          employee_number: `E${String(seq).padStart(6, '0')}`,
          department: pick(DEPARTMENTS),
          driving_license_number: licence,
          postal_code: `${pick(OUTWARD_CODES)} ${digits(1)}${letters(POSTCODE_LETTERS, 2)}`,
          is_active: !pending && !deactivated,
          is_approved: !pending,
          is_driver_verified: verified,
          deactivation_reason: deactivated ? pick(DEACTIVATION_REASONS) : null,
          deactivated_at: deactivated ? new Date(createdAt.getTime() + Math.floor(rand() * 30 * DAY)).toISOString() : null,
          created_at: createdAt.toISOString(),
        });
        if (driver) {
          const [make, models] = pick(CARS);
          const year = 2008 + Math.floor(rand() * 17);
          cars.push({
            user_id: id,
            make,
            model: pick(models),
            year_manufactured: year,
            color: pick(COLOURS),
            // Current UK format: memory tag, age identifier (March or September series), three letters.
            registration_number: `${pick(MEMORY_TAGS)}${String(rand() < 0.5 ? year % 100 : (year % 100) + 50).padStart(2, '0')} ${letters(REG_LETTERS, 3)}`,
            is_verified: verified,
          });
          result.drivers++;
          if (verified) result.verifiedDrivers++;
        }
        if (pending) result.pending++;
        else if (deactivated) result.deactivated++;
        else result.active++;
      }
      await tx.execute(sql`
        insert into users (id, email, password_hash, name, role, company_id, first_name, last_name, phone_number,
          employee_number, department, driving_license_number, postal_code, is_active, is_approved, is_driver_verified,
          deactivation_reason, deactivated_at, created_at, updated_at)
        select x.id, x.email, ${passwordHash}, x.name, 'Employee', ${companyId}::uuid, x.first_name, x.last_name, x.phone_number,
          x.employee_number, x.department, x.driving_license_number, x.postal_code, x.is_active, x.is_approved, x.is_driver_verified,
          x.deactivation_reason, x.deactivated_at, x.created_at, x.created_at
        from json_to_recordset(${JSON.stringify(people)}::json) as x(
          id uuid, email text, name text, first_name text, last_name text, phone_number text, employee_number text,
          department text, driving_license_number text, postal_code text, is_active boolean, is_approved boolean,
          is_driver_verified boolean, deactivation_reason text, deactivated_at timestamptz, created_at timestamptz)`);
      if (cars.length) {
        await tx.execute(sql`
          insert into vehicles (user_id, make, model, year_manufactured, color, registration_number, is_verified)
          select x.user_id, x.make, x.model, x.year_manufactured, x.color, x.registration_number, x.is_verified
          from json_to_recordset(${JSON.stringify(cars)}::json) as x(
            user_id uuid, make text, model text, year_manufactured int, color text, registration_number text, is_verified boolean)`);
      }
      result.created += n;
      ids.push(...people.map((p) => p.id as string));
    }
    // Spread over the company's offices and "No office" in turn (docs/decisions/0045-offices-as-a-dimension.md):
    // with three offices, a quarter each.
    await tx.execute(sql`
      with o as (select l.id, row_number() over (order by l.created_at, l.id) - 1 as k, count(*) over () as n from locations l where l.company_id = ${companyId}),
        p as (select x.id, row_number() over (order by x.ord) as r from json_array_elements_text(${JSON.stringify(ids)}::json) with ordinality as x(id, ord))
      update users u set office_id = o.id from p join o on o.k = p.r % (o.n + 1) where u.id = p.id::uuid`);
  });
  return result;
}
