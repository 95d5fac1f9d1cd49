import type { Co2Report, DashboardSummary, Feedback, FlaggedTrip, JourneyGroup, MonthlyTrend, ParticipationRow } from '@portal/shared-contracts';
import { uuid } from '@portal/testing';

// Builders of contract-shaped answers for the tests.

/** The day the tests live on (the api's months are UTC months). */
export const TODAY = new Date('2026-07-15T10:00:00Z');

export function makeSummary(over: Partial<DashboardSummary> = {}): DashboardSummary {
  return {
    year: 2026,
    month: 7,
    totalParticipants: 42,
    journeyGroups: 12,
    activeJourneyGroups: 9,
    totalTrips: 310,
    totalDistanceMiles: 4280.5,
    passengerMiles: 1790.25,
    co2SavedKg: 481.83,
    incentives: {
      activeEmployees: 60,
      qualifiedForTrips: 48,
      qualifiedForTripsPercent: 80,
      qualifiedForMiles: 16,
      qualifiedForMilesPercent: 26.7,
      participationPercent: 29,
      numberOfTrips: 10,
      numberOfMiles: 100,
    },
    ...over,
  };
}

/** Twelve months ending with July 2026, trips rising month by month. */
export function makeTrend(): MonthlyTrend {
  return {
    months: Array.from({ length: 12 }, (_, i) => {
      const month = ((i + 7) % 12) + 1;
      return {
        year: month >= 8 ? 2025 : 2026,
        month,
        trips: (i + 1) * 10,
        distanceMiles: (i + 1) * 100.5,
        passengerMiles: (i + 1) * 50,
        co2SavedKg: (i + 1) * 13.46,
        activeParticipants: i + 5,
      };
    }),
  };
}

export function makeRow(over: Partial<ParticipationRow> = {}): ParticipationRow {
  return {
    id: uuid(),
    position: 1,
    name: 'Ada Lovelace',
    department: 'Engineering',
    totalTrips: 23,
    totalDistance: 1234.5,
    tripsAsDriver: 20,
    tripsAsPassenger: 3,
    accountType: 'Driver',
    qualify: true,
    qualifiesForTrips: true,
    qualifiesForMiles: false,
    ...over,
  };
}

export function makeFeedback(over: Partial<Feedback> = {}): Feedback {
  return {
    id: uuid(),
    employeeId: uuid(),
    fullName: 'Grace Hopper',
    employeeNumber: 'E1001',
    feedbackText: 'The lift share saves me an hour a day.',
    createdAt: '2026-07-03T08:30:00.000Z',
    ...over,
  };
}

export function makeGroup(over: Partial<JourneyGroup> = {}): JourneyGroup {
  return {
    id: uuid(),
    name: 'Riverside run',
    members: [
      { id: uuid(), name: 'Ada Lovelace' },
      { id: uuid(), name: 'Grace Hopper' },
    ],
    meetingPoints: ['Station car park', 'Market Square'],
    trips: 31,
    miles: 402.75,
    co2SavedKg: 108.4,
    createdAt: '2026-01-10T09:00:00.000Z',
    manageable: true,
    ...over,
  };
}

export function makeCo2(over: Partial<Co2Report> = {}): Co2Report {
  const factor = {
    unit: 'kg CO2e per vehicle mile',
    activity: 'Cars (by size), Average car, Unknown fuel',
    source: 'UK Government GHG Conversion Factors for Company Reporting 2025 (DESNZ)',
    year: 2025,
    validFrom: '2025-01-01',
  };
  return {
    year: 2026,
    month: 7,
    passengerMiles: 1790.25,
    kgPerMile: 0.26915,
    co2SavedKg: 481.85,
    formula: 'CO2 saved = passenger miles x kg CO2e per mile of an average car',
    factorSource: 'UK Government GHG Conversion Factors for Company Reporting 2025 (DESNZ), 2025: Cars (by size), Average car, Unknown fuel, 0.26915 kg CO2e per vehicle mile (Scope 3, category 7)',
    includeWellToTank: false,
    factors: [
      { ...factor, kind: 'direct', kgPerMile: 0.26915, kgPerKm: 0.16725, scope: 'Scope 3, category 7 (employee commuting): direct emissions of the car' },
      { ...factor, kind: 'wellToTank', kgPerMile: 0.0708, kgPerKm: 0.04399, scope: 'Scope 3, category 7 (employee commuting): well-to-tank emissions of the fuel' },
    ],
    ...over,
  };
}

/** A trip waiting for review: 212.4 miles on a Saturday, far above the company's usual day. */
export function makeFlaggedTrip(over: Partial<FlaggedTrip> = {}): FlaggedTrip {
  return {
    id: uuid(),
    startedAt: '2026-07-11T08:05:00Z',
    distanceMiles: 212.4,
    driver: { id: uuid(), name: 'Ada Lovelace' },
    passengers: [{ id: uuid(), name: 'Grace Hopper' }],
    journeyGroup: null,
    recordedAt: '2026-07-11T12:00:00Z',
    flags: [{ reason: 'dayDistance', dayMiles: 212.4, limitMiles: 120 }],
    ...over,
  };
}
