import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, employerUsers, incentives, locations, users } from '../db/schema';
import type { Logger } from '../lib/logger';
import { hashPassword } from '../lib/passwords';

/** The password of every demo account: demo data is for demonstrations, never for production. */
export const DEMO_PASSWORD = 'Commute-Demo-2026';

/** The demo logins, as printed when they are created. */
export const DEMO_ACCOUNTS = {
  /** Greenway Logistics Ltd: setup complete, locations, incentives. */
  readyEmployer: 'employer@greenway.example',
  /** Riverside Health Trust: a second active company. */
  secondEmployer: 'employer@riverside.example',
  /** Northgate Retail Group: deactivated, so its employer cannot sign in. */
  deactivatedEmployer: 'employer@northgate.example',
  /** Registered, no company yet (sign-up state 0): starts at setup step 1. */
  newEmployer: 'new.employer@example.com',
} as const;

const DEMO_LOCK = 52_600_101;

interface DemoCompany {
  key: 'greenway' | 'riverside' | 'northgate';
  company: typeof companies.$inferInsert;
  employer: { email: string; name: string };
  locations: Omit<typeof locations.$inferInsert, 'companyId'>[];
  incentive: Omit<typeof incentives.$inferInsert, 'companyId'>;
}

const DEMO_COMPANIES: DemoCompany[] = [
  {
    key: 'greenway',
    company: { name: 'Greenway Logistics Ltd', email: 'hello@greenway.example', phoneNumber: '0113 496 0123', countryCode: 'GB', signUpState: 3 },
    employer: { email: DEMO_ACCOUNTS.readyEmployer, name: 'Grace Green' },
    locations: [
      { addressLine1: '12 Wellington Street', addressLine2: 'Floor 3', town: 'Leeds', postalCode: 'LS1 4DL' },
      { addressLine1: 'Unit 7, Aire Valley Business Park', addressLine2: null, town: 'Bradford', postalCode: 'BD4 6SG' },
      { addressLine1: '45 Deansgate', addressLine2: null, town: 'Manchester', postalCode: 'M3 2AY' },
    ],
    incentive: {
      generalRewardDescription: 'A free breakfast at the staff cafe every month you share your commute.',
      numberOfMiles: 250,
      numberOfMilesRewards: 'A 20 GBP rail or cycle shop voucher',
      numberOfTrips: 20,
      numberOfTripsRewards: 'An extra half day of annual leave',
    },
  },
  {
    key: 'riverside',
    company: { name: 'Riverside Health Trust', email: 'travel@riverside.example', phoneNumber: '0117 496 0456', countryCode: 'GB', signUpState: 3 },
    employer: { email: DEMO_ACCOUNTS.secondEmployer, name: 'Ravi Rivers' },
    locations: [{ addressLine1: 'Riverside Hospital, Marlborough Street', addressLine2: 'Estates Office', town: 'Bristol', postalCode: 'BS2 8HW' }],
    incentive: {
      generalRewardDescription: 'Priority parking bays for cars carrying two or more staff.',
      numberOfMiles: 150,
      numberOfMilesRewards: 'A reusable coffee cup and a month of free hot drinks',
      numberOfTrips: 12,
      numberOfTripsRewards: 'Entry to the quarterly prize draw',
    },
  },
  {
    key: 'northgate',
    company: {
      name: 'Northgate Retail Group',
      email: 'office@northgate.example',
      phoneNumber: '0191 496 0789',
      countryCode: 'GB',
      signUpState: 3,
      isActive: false,
      deactivationReason: 'Scheme paused at the end of the contract.',
      deactivatedAt: new Date('2026-01-15T09:00:00Z'),
    },
    employer: { email: DEMO_ACCOUNTS.deactivatedEmployer, name: 'Nora North' },
    locations: [{ addressLine1: '1 Northumberland Street', addressLine2: null, town: 'Newcastle upon Tyne', postalCode: 'NE1 7DE' }],
    incentive: { generalRewardDescription: 'Monthly thank-you vouchers.', numberOfMiles: 100, numberOfMilesRewards: 'A 10 GBP voucher', numberOfTrips: 8, numberOfTripsRewards: 'A cinema ticket' },
  },
];

export interface DemoCompaniesResult {
  /** True only on the start that created them. */
  created: boolean;
  /** The demo companies by key (also when they existed already). */
  companies: { key: DemoCompany['key']; id: string; name: string; isActive: boolean }[];
}

/**
 * Demo companies and their employer logins, created once: when Greenway's employer account exists
 * nothing is touched (a demo user's changes survive restarts). Runs under an advisory lock so two
 * instances starting together create one set.
 */
export async function seedDemoCompanies(db: Db, options: { log?: Logger } = {}): Promise<DemoCompaniesResult> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_LOCK})`);
    const emails = [...DEMO_COMPANIES.map((d) => d.employer.email), DEMO_ACCOUNTS.newEmployer];
    const existing = await tx.select({ email: users.email, companyId: users.companyId }).from(users).where(inArray(sql`lower(${users.email})`, emails));
    if (existing.length > 0) {
      const ids = existing.map((u) => u.companyId).filter((id): id is string => Boolean(id));
      const rows = ids.length ? await tx.select().from(companies).where(inArray(companies.id, ids)) : [];
      const found = DEMO_COMPANIES.flatMap((d) => {
        const row = rows.find((r) => r.name === d.company.name);
        return row ? [{ key: d.key, id: row.id, name: row.name, isActive: row.isActive }] : [];
      });
      return { created: false, companies: found };
    }
    const made: DemoCompaniesResult['companies'] = [];
    for (const d of DEMO_COMPANIES) {
      const [c] = await tx.insert(companies).values(d.company).returning();
      await tx.insert(locations).values(d.locations.map((l) => ({ ...l, companyId: c!.id })));
      await tx.insert(incentives).values({ ...d.incentive, companyId: c!.id });
      const [u] = await tx
        .insert(users)
        .values({ email: d.employer.email, passwordHash, name: d.employer.name, role: 'Employer', companyId: c!.id })
        .returning({ id: users.id });
      await tx.insert(employerUsers).values({ userId: u!.id });
      made.push({ key: d.key, id: c!.id, name: c!.name, isActive: c!.isActive });
    }
    const [fresh] = await tx
      .insert(users)
      .values({ email: DEMO_ACCOUNTS.newEmployer, passwordHash, name: 'Nico New', role: 'Employer' })
      .returning({ id: users.id });
    await tx.insert(employerUsers).values({ userId: fresh!.id });
    return { created: true, companies: made };
  });
  if (result.created) {
    // Printed once, on the start that created them.
    options.log?.warn(
      { accounts: DEMO_ACCOUNTS },
      `demo data created. Password of every demo login: ${DEMO_PASSWORD}. ` +
        `Ready company (Greenway Logistics Ltd): ${DEMO_ACCOUNTS.readyEmployer}; ` +
        `second company: ${DEMO_ACCOUNTS.secondEmployer}; ` +
        `deactivated company (cannot sign in): ${DEMO_ACCOUNTS.deactivatedEmployer}; ` +
        `new employer at setup step 1: ${DEMO_ACCOUNTS.newEmployer}`,
    );
  }
  return result;
}
