import type { DriverHistoryEntry } from '@portal/shared-contracts';
import type { Db } from '../db/client';
import { driverVerificationEvents } from '../db/schema';
import type { AuthUser } from './sessions';

export interface DriverEvent {
  driverId: string;
  kind: DriverHistoryEntry['kind'];
  notes?: string | null;
  followUpAt?: Date | null;
}

/**
 * Rows of a driver's verification history, written in the transaction of the change they record
 * (a verification, a rejection, or the driver's own change of vehicle or licence).
 */
export async function recordEvents(db: Db, by: Pick<AuthUser, 'userId' | 'name'>, events: DriverEvent[]): Promise<void> {
  if (!events.length) return;
  await db.insert(driverVerificationEvents).values(
    events.map((e) => ({ driverId: e.driverId, kind: e.kind, notes: e.notes ?? null, followUpAt: e.followUpAt ?? null, byUserId: by.userId, byName: by.name })),
  );
}
