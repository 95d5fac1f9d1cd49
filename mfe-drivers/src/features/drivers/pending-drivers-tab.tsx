import { useState } from 'react';
import { fullName } from '@portal/shared-contracts/names';
import { LIMITS } from '@portal/shared-contracts/constants';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { Driver } from '@portal/shared-contracts';
import { Button, Checkbox, VisuallyHidden } from '@portal/shared-ui/form';
import { Badge, PagedList, TabBody, usePagedSearch, useRowSelection, type TableColumn } from '@portal/shared-ui/data-display';
import { useDriversPage } from '../../api/get-drivers-page';
import { useOpenDriver } from '../../shared/driver-link';
import { DecisionModal, type Decision } from './decision-modal';
import { DriverDetailsModal } from './driver-details-modal';
import { driverColumns, isApproved, SeeMore } from './driver-columns';
import styles from './drivers.module.css';

const COPY = MESSAGES.driverScreens;
const [, PENDING_TAB] = MESSAGES.labels.driverTabs;
const L = MESSAGES.labels;

/** Name order, as the server sorts a page: last name, first name, id. */
const byName = (a: Driver, b: Driver) =>
  a.lastName.toLowerCase().localeCompare(b.lastName.toLowerCase()) || a.firstName.toLowerCase().localeCompare(b.firstName.toLowerCase()) || a.id.localeCompare(b.id);

/**
 * Pending Drivers (document 2): either flag false, rejected drivers included. Paged, searched and
 * counted by the server; the selection and select-all work over the rows on screen, and Verify
 * Selected acts only on ticked rows that are on screen.
 */
export function PendingDriversTab() {
  const { toast } = usePlatform();
  // "pending." keeps this list's search and page apart from the approved list's in the address.
  const paged = usePagedSearch({ param: 'pending' });
  const query = useDriversPage({ pageNumber: paged.page, pageSize: LIMITS.pageSize, status: 'pending', ...(paged.search ? { search: paged.search } : {}) });
  const [decision, setDecision] = useState<Decision | null>(null);
  const [detailsId, setDetailsId] = useOpenDriver();

  // A driver verified here on both counts leaves the pending list on the next fetch; until the page
  // or search changes it stays on screen with the double tick, so the admin sees what happened.
  const [settled, setSettled] = useState<ReadonlyMap<string, Driver>>(new Map());
  const view = `${paged.page}|${paged.search}`;
  const [seenView, setSeenView] = useState(view);
  if (view !== seenView) {
    setSeenView(view);
    setSettled(new Map());
  }

  const page = query.data;
  const listed = page?.items ?? [];
  const rows = [...listed.filter((d) => !settled.has(d.id)), ...settled.values()].sort(byName);
  // The heading counts the drivers still pending; a row verified here stays in sight, and says so.
  const verifiedHere = rows.filter(isApproved).length;
  const selectable = rows.filter((d) => !isApproved(d));
  const selection = useRowSelection(selectable, (d) => d.id);
  const selectedOnScreen = selection.chosen;

  function onDone({ kind, drivers, covers }: Decision) {
    selection.unselect(drivers.map((d) => d.id));
    if (kind === 'reject') return;
    // What the server now holds for each driver, so a row verified on both counts keeps its double tick.
    const licence = kind === 'verifyDriver' || (kind === 'verifySelected' && covers !== 'vehicles');
    const vehicle = kind === 'verifyVehicle' || (kind === 'verifySelected' && covers !== 'licences');
    const updated = drivers.map((d) => ({
      ...d,
      ...(licence ? { isVerified: true, status: d.status === 'rejected' ? ('pending' as const) : d.status } : {}),
      ...(vehicle ? { vehicle: { ...d.vehicle, isVerified: true } } : {}),
    }));
    setSettled((prev) => {
      const next = new Map(prev);
      for (const d of updated) if (isApproved(d)) next.set(d.id, { ...d, status: 'approved' });
      return next;
    });
  }

  function verifySelected() {
    if (selectedOnScreen.length === 0) {
      toast.error(MESSAGES.drivers.noneSelected);
      return;
    }
    setDecision({ kind: 'verifySelected', drivers: selectedOnScreen });
  }

  const ask = (kind: Decision['kind'], driver: Driver) => {
    setDetailsId(null);
    setDecision({ kind, drivers: [driver] });
  };

  const columns: TableColumn<Driver>[] = [
    {
      key: 'select',
      className: styles.checkCol,
      header: (
        <Checkbox
          label={<VisuallyHidden>{COPY.selectAll}</VisuallyHidden>}
          checked={selection.allChosen}
          disabled={selectable.length === 0}
          onCheckedChange={(on) => selection.toggle(selectable, on)}
        />
      ),
      cell: (d) =>
        isApproved(d) ? (
          <DoubleTick label={COPY.bothVerified(fullName(d))} />
        ) : (
          <Checkbox label={<VisuallyHidden>{COPY.selectDriver(fullName(d))}</VisuallyHidden>} checked={selection.isSelected(d)} onCheckedChange={(on) => selection.toggle([d], on)} />
        ),
    },
    ...driverColumns({
      name: (d) => <SeeMore driver={d} onClick={() => setDetailsId(d.id)} />,
      driver: (d) =>
        d.isVerified ? (
          <Badge tone="success">{L.driverVerified}</Badge>
        ) : (
          <Button size="sm" onClick={() => ask('verifyDriver', d)} aria-label={COPY.rowAction(L.verifyDriver, fullName(d))}>
            {L.verifyDriver}
          </Button>
        ),
      vehicle: (d) =>
        d.vehicle.isVerified ? (
          <Badge tone="success">{L.vehicleVerified}</Badge>
        ) : (
          <Button size="sm" variant="secondary" onClick={() => ask('verifyVehicle', d)} aria-label={COPY.rowAction(L.verifyVehicle, fullName(d))}>
            {L.verifyVehicle}
          </Button>
        ),
    }),
    {
      key: 'actions',
      header: COPY.columns.actions,
      cell: (d) =>
        d.status === 'rejected' ? (
          <Badge tone="danger">{L.rejected}</Badge>
        ) : (
          <Button size="sm" variant="secondary" onClick={() => ask('reject', d)} aria-label={COPY.rowAction(L.reject, fullName(d))}>
            {L.reject}
          </Button>
        ),
    },
  ];

  return (
    <TabBody className={styles.cells}>
      <h2 className={styles.count}>{page ? COPY.withCount(PENDING_TAB, page.totalCount - listed.filter((d) => settled.has(d.id)).length) : PENDING_TAB}</h2>
      {verifiedHere > 0 ? (
        <p className={styles.verifiedNote} role="status">
          {COPY.verifiedHere(verifiedHere)}
        </p>
      ) : null}
      <PagedList
        paged={paged}
        searchLabel={COPY.pending.searchLabel}
        searchPlaceholder={COPY.searchPlaceholder}
        actions={
          <>
            <span className={styles.selection} aria-live="polite">
              {selectedOnScreen.length > 0 ? COPY.selectedCount(selectedOnScreen.length) : ''}
            </span>
            <Button onClick={verifySelected} aria-haspopup="dialog">
              {MESSAGES.labels.verifySelected}
            </Button>
          </>
        }
        caption={COPY.pending.caption}
        columns={columns}
        rowKey={(d) => d.id}
        query={query}
        page={page ? { ...page, items: rows } : undefined}
        loadingLabel={COPY.pending.loading}
        errorText={MESSAGES.drivers.loadFailed}
        emptyText={MESSAGES.drivers.noPending}
        pagerLabel={COPY.pending.pages}
      />
      <DriverDetailsModal
        driverId={detailsId}
        onClose={() => setDetailsId(null)}
        onReject={(d) => ask('reject', d)}
        onVerify={(d) => ask(d.isVerified && !d.vehicle.isVerified ? 'verifyVehicle' : 'verifyDriver', d)}
      />
      <DecisionModal decision={decision} onClose={() => setDecision(null)} onDone={onDone} />
    </TabBody>
  );
}

/** Both flags verified: shown instead of the row's checkbox. */
function DoubleTick({ label }: { label: string }) {
  return (
    <span className={styles.doubleTick} role="img" aria-label={label} title={label}>
      <svg width="22" height="14" viewBox="0 0 22 14" aria-hidden="true" focusable="false">
        <path d="M1.5 7.5l4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        <path d="M8.5 11.5l1 0.5 9-10" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}
