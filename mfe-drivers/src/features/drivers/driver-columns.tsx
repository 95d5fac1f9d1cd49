import type { ReactNode } from 'react';
import { fullName } from '@portal/shared-contracts/names';
import { MESSAGES } from '@portal/shared-contracts/messages';
import type { Driver } from '@portal/shared-contracts';
import { Button } from '@portal/shared-ui/form';
import { type TableColumn } from '@portal/shared-ui/data-display';
import { orNa, vehicleName } from '../../shared/format';
import styles from './drivers.module.css';

const COLUMNS = MESSAGES.driverScreens.columns;

/** What a list shows under the name (its details link), the licence (the driver's verification) and the plate (the vehicle's). */
export interface DriverCellSlots {
  name?: (d: Driver) => ReactNode;
  driver?: (d: Driver) => ReactNode;
  vehicle?: (d: Driver) => ReactNode;
}

/**
 * The spec's columns of both lists: Full Name, Email, Driving License No., Vehicle, Color,
 * Registration No. Each verification sits with what it verifies, which keeps the table narrow.
 */
export function driverColumns(slots: DriverCellSlots): TableColumn<Driver>[] {
  return [
    { key: 'name', header: COLUMNS.fullName, cell: (d) => <Stacked value={<span className={styles.name}>{fullName(d)}</span>} below={slots.name?.(d)} /> },
    { key: 'email', header: COLUMNS.email, cell: (d) => <Email address={d.email} /> },
    { key: 'licence', header: COLUMNS.licence, cell: (d) => <Stacked value={<span className={styles.code}>{orNa(d.drivingLicense)}</span>} below={slots.driver?.(d)} /> },
    { key: 'vehicle', header: COLUMNS.vehicle, cell: (d) => <span className={styles.vehicle}>{vehicleName(d.vehicle)}</span> },
    { key: 'color', header: COLUMNS.color, cell: (d) => orNa(d.vehicle.color) },
    { key: 'registration', header: COLUMNS.registration, cell: (d) => <Stacked value={<span className={styles.code}>{d.vehicle.registrationNumber}</span>} below={slots.vehicle?.(d)} /> },
  ];
}

/** An address that wraps before its "@" rather than anywhere in a word. */
function Email({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  return (
    <span className={styles.email}>
      {at > 0 ? (
        <>
          {address.slice(0, at)}
          <wbr />
          {address.slice(at)}
        </>
      ) : (
        address
      )}
    </span>
  );
}

function Stacked({ value, below }: { value: ReactNode; below: ReactNode }) {
  return (
    <span className={styles.stacked}>
      {value}
      {below}
    </span>
  );
}

/** Both of the driver's flags are set: the row is an approved driver. */
export function isApproved(d: Pick<Driver, 'isVerified' | 'vehicle'>): boolean {
  return d.isVerified && d.vehicle.isVerified;
}

/** The row's details link, under the name. */
export function SeeMore({ driver, onClick }: { driver: Driver; onClick: () => void }) {
  return (
    <Button size="sm" variant="link" onClick={onClick} aria-label={MESSAGES.driverScreens.rowAction(MESSAGES.labels.seeMore, fullName(driver))}>
      {MESSAGES.labels.seeMore}
    </Button>
  );
}
