const DAY = 86_400_000;

/**
 * The k-th trip of the ingestion benches (`ingest.ts` over HTTP, `ingest-cpu.ts` without it), by
 * drivers in turn: a driver's j-th trip starts at 00:00 or 03:00 UTC, j / 2 days before `today`, so
 * none overlaps another of the driver's and no day holds more than two. A carpool: driver i takes
 * riders 3i to 3i + 2, one to three of them (with fewer riders than three a driver, riders are shared
 * and some are on two trips at once: those are flagged).
 */
export function benchTrip(k: number, drivers: number, riders: readonly string[], today: number, clientTripId: string) {
  const driverIndex = k % drivers;
  const j = Math.floor(k / drivers);
  const passengers = new Set(Array.from({ length: 1 + (k % 3) }, (_, m) => riders[(3 * driverIndex + m) % riders.length]!));
  return {
    driverIndex,
    body: {
      clientTripId,
      startedAt: new Date(today - (1 + Math.floor(j / 2)) * DAY + (j % 2) * 3 * 3_600_000).toISOString(),
      distanceMiles: Math.round((3 + Math.random() * 25) * 100) / 100,
      passengerIds: [...passengers],
    },
  };
}
