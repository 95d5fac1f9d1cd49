import type { TripBody } from '@portal/shared-contracts';
import type { ApiContext } from '../src/context';
import type { AuthUser } from '../src/lib/sessions';
import { recordTrip } from '../src/modules/trips/service';
import { seedDriversCompany } from './config';
import { benchTrip } from './bench-trip';

const DAY = 86_400_000;

/**
 * The company of `bench/ingest.ts` seeded on `ctx`, and `run(trips, wave)`: records `trips` trips
 * through `recordTrip` (no HTTP), `wave` at a time, each made as `bench/ingest.ts` makes them, its
 * client trip id `${prefix}-${k}`. Used by the scripts that measure a trip without HTTP.
 */
export async function directIngest(ctx: ApiContext, sizes: { drivers: number; riders: number }, prefix: string) {
  const data = await seedDriversCompany(ctx.db, { name: 'Ingestion Bench Ltd', domain: 'ingest.bench', plate: 'IB', ...sizes });
  const today = Math.floor(Date.now() / DAY) * DAY;
  const auth = (id: string): AuthUser => ({ sessionId: id, userId: id, role: 'Employee', email: 'd@ingest.bench', name: 'D', companyId: data.companyId, employerUserId: null, signUpState: 3, via: 'bearer' });
  let n = 0;
  const one = () => {
    const k = n++;
    const trip = benchTrip(k, data.drivers.length, data.riders, today, `${prefix}-${k}`);
    return recordTrip(ctx, auth(data.drivers[trip.driverIndex]!.id), trip.body as TripBody, Date.now());
  };
  const run = async (trips: number, wave: number) => {
    let left = trips;
    const lane = async () => {
      while (left-- > 0) await one();
    };
    await Promise.all(Array.from({ length: wave }, lane));
  };
  return { data, run };
}
