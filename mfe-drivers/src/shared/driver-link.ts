import { useState } from 'react';
import { ROUTES } from '@portal/shared-contracts/routes';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { DriverStatus } from '@portal/shared-contracts';

/** The address's `driver` parameter: the driver whose details are open on a drivers list. */
export const DRIVER_PARAM = 'driver';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Where a driver's details open: the approved list's follow-up screen for an approved driver,
 * otherwise the pending list's details (rejected drivers wait there too).
 */
export function driverLink(id: string, status: DriverStatus): string {
  const list = status === 'approved' ? ROUTES.approvedDrivers : ROUTES.pendingDrivers;
  return `${list}?${new URLSearchParams({ [DRIVER_PARAM]: id }).toString()}`;
}

/**
 * The driver whose details are open, also kept in the address so a link (another driver with the
 * same licence, a shared URL, Back) opens them; null when none is. A change of the address's
 * driver opens that one; opening or closing here writes it (replacing the entry), keeping the
 * rest of the query (the list's search and page).
 */
export function useOpenDriver(): [string | null, (id: string | null) => void] {
  const { location, navigate } = usePlatform();
  const raw = location.query.get(DRIVER_PARAM);
  const inAddress = raw && UUID.test(raw) ? raw : null;
  const [open, setOpenState] = useState(inAddress);
  const [seen, setSeen] = useState(inAddress);
  if (inAddress !== seen) {
    setSeen(inAddress);
    setOpenState(inAddress);
  }
  const setOpen = (id: string | null) => {
    setOpenState(id);
    const query = new URLSearchParams(location.query);
    if (id) query.set(DRIVER_PARAM, id);
    else query.delete(DRIVER_PARAM);
    const search = query.toString();
    navigate(search ? `${location.pathname}?${search}` : location.pathname, { replace: true });
  };
  return [open, setOpen];
}
