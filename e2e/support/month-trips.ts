import { request as playwrightRequest, type APIRequestContext, type APIResponse } from '@playwright/test';
import { CSRF_HEADER, officeLabel, type Company, type DashboardSummary, type Employee, type Page as ListPage } from '@portal/shared-contracts';
import { apiVerifyDriver } from './portal';

/**
 * The demo's trips are commutes on weekdays, never after the moment the portal seeded them: in the
 * first hours of a month (and over a month that begins on a weekend, until Monday's commute) the
 * demo company has no trip in the current month, and every figure of the month is 0. The journeys
 * that read the month's figures need some, so while the current month has no counted trip of
 * Greenway, a driver who joins through the company's link records a few trips through the mobile
 * app's api (POST /api/trips) at the month's first minutes, with colleagues of two offices and of
 * No office as passengers. Once the month has a counted trip (a normal day), nothing is added, so
 * the journeys then read the demo's own figures.
 */

const EMPLOYER = { email: 'employer@greenway.example', password: 'Commute-Demo-2026' };
const DRIVER_PASSWORD = 'Trips-2026-e2e';
/** The office two passengers are from: the one the office journeys filter by. */
const FIRST_OFFICE = '12 Wellington Street, Leeds';
/** 2 miles take 1 min 43 s at 70 mph: a trip every 2 minutes from 30 s in, the last 4 min 30 s in, never ahead of the server's clock by more than its 5 minutes' grace. */
const TRIP_MILES = 2;
const TRIP_EVERY_MS = 2 * 60_000;
const TRIPS = 3;

/** The current month as the api counts calendar months, and so the dashboard: in UTC. */
export function thisMonth(now = new Date()) {
  return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, start: Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) };
}

async function ok<T>(what: string, res: APIResponse | Promise<APIResponse>): Promise<T> {
  const answer = await res;
  if (!answer.ok()) throw new Error(`the current month's trips: ${what} answered ${answer.status()}: ${await answer.text()}`);
  return (await answer.json()) as T;
}

/** Once per portal and month in a worker; a failed attempt is tried again by the next caller. */
const ensured = new Map<string, Promise<void>>();

/**
 * Makes sure the demo company Greenway has counted trips in the current month on the demo portal at
 * `url` (see above). Cheap once done: a journey may call it before each of its steps that needs
 * the month's figures (a run that crosses the end of a month finds the new month empty again).
 */
export function ensureCurrentMonthTrips(url: string): Promise<void> {
  const m = thisMonth();
  const key = `${url} ${m.year}-${m.month}`;
  let done = ensured.get(key);
  if (!done) {
    done = addTripsIfMonthEmpty(url).catch((err: unknown) => {
      ensured.delete(key);
      throw err;
    });
    ensured.set(key, done);
  }
  return done;
}

async function addTripsIfMonthEmpty(url: string): Promise<void> {
  const employer = await playwrightRequest.newContext({ baseURL: url, extraHTTPHeaders: { [CSRF_HEADER]: '1' } });
  const contexts: APIRequestContext[] = [employer];
  try {
    const { employerId: companyId } = await ok<{ employerId: string }>('the employer’s sign-in', employer.post('/api/accounts/login', { data: EMPLOYER }));
    const m = thisMonth();
    const summary = await ok<DashboardSummary>('the month’s summary', employer.get(`/api/dashboard/summary?year=${m.year}&month=${m.month}`));
    if (summary.totalTrips > 0) return;

    // Passengers: two of the first office, two of another, one of No office (fewer when there are not).
    const { company } = await ok<{ company: Company }>('the company', employer.get(`/api/employers/${companyId}`));
    const staff = await ok<ListPage<Employee>>('the employees', employer.get('/api/employees?pageNumber=1&pageSize=100&status=active'));
    const people = staff.items.filter((e) => e.isActive && e.isApproved && !e.isErased);
    const first = company.locations.find((l) => officeLabel(l) === FIRST_OFFICE)?.id;
    const other = company.locations.find((l) => l.id !== first && people.some((e) => e.officeId === l.id))?.id;
    const passengers = [
      ...people.filter((e) => first && e.officeId === first).slice(0, 2),
      ...people.filter((e) => other && e.officeId === other).slice(0, 2),
      ...people.filter((e) => !e.officeId).slice(0, 1),
    ];
    if (passengers.length < TRIPS) throw new Error(`the current month's trips: Greenway has ${passengers.length} employees to take along`);

    // The driver joins through the company's link, is accepted, adds a car, and is verified.
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const email = `early.driver.${tag}@greenway.example`;
    const joined = await ok<{ response: { id: string } }>(
      'the driver’s sign-up',
      employer.post(`/api/employees/employers/${companyId}/employees`, {
        data: { firstName: 'Morgan', lastName: 'Early', email, employeeNumber: `E${tag}`.slice(0, 20), password: DRIVER_PASSWORD, confirmPassword: DRIVER_PASSWORD },
      }),
    );
    const driverId = joined.response.id;
    await ok('the driver’s acceptance', employer.put(`/api/employees/${driverId}/accept`));
    const app = await playwrightRequest.newContext({ baseURL: url });
    contexts.push(app);
    const { token } = await ok<{ token: string }>('the driver’s sign-in', app.post('/api/accounts/login', { data: { email, password: DRIVER_PASSWORD } }));
    const driver = { authorization: `Bearer ${token}` };
    await ok(
      'the driver’s car',
      app.put('/api/me/vehicle', {
        data: { make: 'Skoda', model: 'Octavia', yearManufactured: 2021, color: 'Grey', registrationNumber: 'YK21 ERL', drivingLicenseNumber: 'EARLY753116MO9IJ' },
        headers: driver,
      }),
    );
    await apiVerifyDriver(url, driverId);

    // One driver, one trip after the other, each with other passengers: nobody is on two at once,
    // and nobody has a demo trip then (the demo's commutes are from 07:00 UTC).
    const groups = Array.from({ length: TRIPS }, (_, i) => passengers.filter((_, p) => p % TRIPS === i));
    for (const [i, riders] of groups.entries()) {
      const recorded = await ok<{ trip: { review: string } }>(
        'a trip',
        app.post('/api/trips', {
          data: {
            clientTripId: `month-start-${m.year}-${m.month}-${i}`,
            startedAt: new Date(m.start + 30_000 + i * TRIP_EVERY_MS).toISOString(),
            distanceMiles: TRIP_MILES,
            passengerIds: riders.map((r) => r.id),
          },
          headers: driver,
        }),
      );
      if (recorded.trip.review !== 'counted') throw new Error(`the current month's trips: trip ${i} was ${recorded.trip.review}, not counted`);
    }
  } finally {
    await Promise.all(contexts.map((c) => c.dispose()));
  }
}
