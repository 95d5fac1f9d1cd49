import { MESSAGES, type Driver } from '@portal/shared-contracts';
import type { TableColumn } from '@portal/shared-ui';
import { fullName, orNa, vehicleName } from '../../shared/format';
import styles from './drivers.module.css';

const COLUMNS = MESSAGES.driverScreens.columns;

/** The spec's columns of both lists: Full Name, Email, Driving License No., Vehicle, Color, Registration No. */
export const DRIVER_COLUMNS: readonly TableColumn<Driver>[] = [
  { key: 'name', header: COLUMNS.fullName, cell: (d) => <span className={styles.name}>{fullName(d)}</span> },
  { key: 'email', header: COLUMNS.email, cell: (d) => <span className={styles.email}>{d.email}</span> },
  { key: 'licence', header: COLUMNS.licence, cell: (d) => <span className={styles.code}>{orNa(d.drivingLicense)}</span> },
  { key: 'vehicle', header: COLUMNS.vehicle, cell: (d) => <span className={styles.vehicle}>{vehicleName(d.vehicle)}</span> },
  { key: 'color', header: COLUMNS.color, cell: (d) => orNa(d.vehicle.color) },
  { key: 'registration', header: COLUMNS.registration, cell: (d) => <span className={styles.code}>{d.vehicle.registrationNumber}</span> },
];

/** Both of the driver's flags are set: the row is an approved driver. */
export function isApproved(d: Pick<Driver, 'isVerified' | 'vehicle'>): boolean {
  return d.isVerified && d.vehicle.isVerified;
}
