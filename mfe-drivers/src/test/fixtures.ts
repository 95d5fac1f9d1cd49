import type { Driver, DriverHistoryEntry, NotificationSummary } from '@portal/shared-contracts';
import { configure } from '@testing-library/react';
import { pageOf, uuid, withDefaults } from '@portal/testing';

// Builders of contract-shaped answers for tests.

/**
 * A follow-up `days` from today at `hour`:00 local time, inside the follow-up window whenever the
 * tests run: the digits typed into the picker (ddMMyyyyHHmm) and the ISO string the form sends.
 */
export function followUpAhead(days: number, hour = 10): { digits: string; iso: string } {
  const d = new Date();
  d.setDate(d.getDate() + days);
  d.setHours(hour, 0, 0, 0);
  const p = (n: number) => String(n).padStart(2, '0');
  return { digits: `${p(d.getDate())}${p(d.getMonth() + 1)}${d.getFullYear()}${p(hour)}00`, iso: d.toISOString() };
}

export function makeDriver(over: Partial<Driver> = {}): Driver {
  const id = over.id ?? uuid();
  return {
    id,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada.${id.slice(-4)}@example.com`,
    employeeNumber: `E${id.slice(-4)}`,
    // One licence per driver unless a test shares one on purpose.
    drivingLicense: `LOVEL8151${id.slice(-4).toUpperCase()}9BC`,
    isVerified: false,
    vehicle: { make: 'Ford', model: 'Focus', yearManufactured: 2019, color: 'Blue', registrationNumber: 'AB19 CDE', isVerified: false },
    notes: null,
    followUpDate: null,
    companyId: uuid(900),
    companyName: 'Greenway Logistics Ltd',
    status: 'pending',
    vehicleNotes: null,
    vehicleFollowUpDate: null,
    followUpDue: false,
    rejectedAt: null,
    ...over,
  };
}

export function makeHistoryEntry(over: Partial<DriverHistoryEntry> = {}): DriverHistoryEntry {
  return {
    id: over.id ?? uuid(),
    kind: 'vehicleRegistered',
    notes: null,
    followUpDate: null,
    by: { id: null, name: 'Ada Lovelace' },
    createdAt: '2026-01-05T09:30:00.000Z',
    ...over,
  };
}

export function makeSummary(counts: Partial<NotificationSummary['counts']> = {}): NotificationSummary {
  const all = { pendingDrivers: 0, pendingVehicles: 0, followUpsDue: 0, newEmployers: 0, ...counts };
  const links = { pendingDrivers: '/pending-drivers', pendingVehicles: '/pending-drivers', followUpsDue: '/approved-drivers?followUp=due', newEmployers: '/super-admin' };
  const kinds = Object.keys(all) as (keyof typeof all)[];
  return {
    count: kinds.reduce((sum, k) => sum + all[k], 0),
    counts: all,
    items: kinds.filter((k) => all[k] > 0).map((k) => ({ kind: k, count: all[k], text: `${all[k]} ${k}`, link: links[k] })),
  };
}

// A machine busy with other suites answers later than Testing Library's one second.
configure({ asyncUtilTimeout: 5_000 });

/** The signed-in super admin of these tests. */
export const { renderWithPlatform } = withDefaults({ session: { role: 'SuperAdmin', name: 'Sam Super', employerId: null, employerUserId: null } });

/**
 * An in-memory drivers api: the page filters by status and follow-up as the server does, and the
 * decisions change the flags, so a test sees the lists move.
 */
export function driversServer(initial: Driver[]) {
  const drivers = new Map(initial.map((d) => [d.id, { ...d }]));
  const statusOf = (d: Driver): Driver['status'] => (d.isVerified && d.vehicle.isVerified ? 'approved' : d.rejectedAt ? 'rejected' : 'pending');
  const update = (id: string, change: (d: Driver) => Driver) => {
    const d = drivers.get(id);
    if (!d) throw new Error(`no driver ${id}`);
    const next = change(d);
    drivers.set(id, { ...next, status: statusOf(next) });
  };
  type Q = { pageNumber: number; pageSize: number; status?: string; followUp?: string; search?: string };
  type Body = { employeeIds: string[]; notes?: string; followUpDate: string };
  return {
    drivers,
    handlers: {
      'drivers.page': (input: Record<string, unknown> | undefined) => {
        const q = input?.query as Q;
        const all = [...drivers.values()].filter(
          (d) =>
            (q.status === 'pending' ? d.status !== 'approved' : q.status === 'approved' ? d.status === 'approved' : true) &&
            (q.followUp !== 'due' || d.followUpDue) &&
            (!q.search || `${d.firstName} ${d.lastName} ${d.email}`.toLowerCase().includes(q.search.toLowerCase())),
        );
        return pageOf(all, q.pageNumber, q.pageSize);
      },
      'drivers.get': (input: Record<string, unknown> | undefined) => {
        const id = (input?.params as { id: string }).id;
        const driver = drivers.get(id);
        // The same licence as the server compares it: without case, spaces or hyphens.
        const key = (l: string | null | undefined) => (l ?? '').replace(/[\s-]/g, '').toUpperCase();
        const same = driver && key(driver.drivingLicense) ? [...drivers.values()].filter((d) => d.id !== id && key(d.drivingLicense) === key(driver.drivingLicense)) : [];
        const sameLicence = same.map((d) => ({ id: d.id, firstName: d.firstName, lastName: d.lastName, companyId: d.companyId, companyName: d.companyName, status: d.status }));
        return { success: true, message: 'OK', driver, history: [makeHistoryEntry()], sameLicence, sameLicenceTotal: sameLicence.length };
      },
      'drivers.approve': (input: Record<string, unknown> | undefined) => {
        const b = input?.body as Body;
        for (const id of b.employeeIds) update(id, (d) => ({ ...d, isVerified: true, rejectedAt: null, notes: b.notes || null, followUpDate: b.followUpDate }));
        return { success: true, message: 'ok', count: b.employeeIds.length };
      },
      'drivers.approveVehicles': (input: Record<string, unknown> | undefined) => {
        const b = input?.body as Body;
        for (const id of b.employeeIds) update(id, (d) => ({ ...d, vehicle: { ...d.vehicle, isVerified: true }, vehicleNotes: b.notes ?? null, vehicleFollowUpDate: b.followUpDate }));
        return { success: true, message: 'ok', count: b.employeeIds.length };
      },
      'drivers.reject': (input: Record<string, unknown> | undefined) => {
        const b = input?.body as { employeeId: string; notes: string };
        update(b.employeeId, (d) => ({ ...d, isVerified: false, notes: b.notes, rejectedAt: '2026-01-06T10:00:00.000Z' }));
        return { success: true, message: 'ok' };
      },
      'drivers.notifications': () => makeSummary(),
    },
  };
}
