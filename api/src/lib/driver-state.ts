import type { DriverStatus, Vehicle } from '@portal/shared-contracts';

/** The vehicle and flag columns every driver read selects (vehicles `v` as `vehicle_verified`). */
export interface DriverStateColumns {
  make: string;
  model: string;
  year_manufactured: number | null;
  color: string | null;
  registration_number: string;
  vehicle_verified: boolean;
  is_driver_verified: boolean;
  driver_rejected_at: Date | string | null;
}

export function toVehicle(r: DriverStateColumns): Vehicle {
  return {
    make: r.make,
    model: r.model,
    yearManufactured: r.year_manufactured === null ? null : Number(r.year_manufactured),
    color: r.color,
    registrationNumber: r.registration_number,
    isVerified: r.vehicle_verified,
  };
}

/** Approved with both flags; otherwise rejected while a rejection stands, else pending. */
export function driverStatus(r: DriverStateColumns): DriverStatus {
  if (r.is_driver_verified && r.vehicle_verified) return 'approved';
  return r.driver_rejected_at ? 'rejected' : 'pending';
}
