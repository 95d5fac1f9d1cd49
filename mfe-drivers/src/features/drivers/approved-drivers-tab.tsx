import { formatFollowUp } from '@portal/shared-contracts/forms';
import { LIMITS } from '@portal/shared-contracts/constants';
import { MESSAGES } from '@portal/shared-contracts/messages';
import type { Driver } from '@portal/shared-contracts';
import { Select } from '@portal/shared-ui/form-extras';
import { Badge, PagedList, TabBody, usePagedSearch, type TableColumn } from '@portal/shared-ui/data-display';
import { useDriversPage } from '../../api/get-drivers-page';
import { useOpenDriver } from '../../shared/driver-link';
import { orNa } from '../../shared/format';
import { driverColumns, SeeMore } from './driver-columns';
import { FollowUpModal } from './follow-up-modal';
import styles from './drivers.module.css';

const COPY = MESSAGES.driverScreens;
const [APPROVED_TAB] = MESSAGES.labels.driverTabs;

const FOLLOW_UP_OPTIONS = [
  { value: '', label: COPY.approved.filterAll },
  { value: 'due', label: MESSAGES.drivers.followUpDue },
] as const;

/** The sooner of the driver's and the vehicle's follow-up dates: the one that comes due first. */
function nextFollowUp(d: Driver): string | null {
  const dates = [d.followUpDate, d.vehicleFollowUpDate].filter((x): x is string => Boolean(x));
  return dates.sort((a, b) => Date.parse(a) - Date.parse(b))[0] ?? null;
}

/**
 * Approved Drivers (document 2): both flags verified, with the Verified mark. Follow-ups that have
 * come due are marked and can be listed alone (`?followUp=due`, where the header bell links).
 */
export function ApprovedDriversTab() {
  // Unprefixed keys: the bell's link `/approved-drivers?followUp=due` opens this list filtered.
  const paged = usePagedSearch({ filters: { followUp: '' } });
  const due = paged.filters.followUp === 'due';
  const query = useDriversPage({
    pageNumber: paged.page,
    pageSize: LIMITS.pageSize,
    status: 'approved',
    ...(paged.search ? { search: paged.search } : {}),
    ...(due ? { followUp: 'due' as const } : {}),
  });
  const [openId, setOpenId] = useOpenDriver();

  const columns: TableColumn<Driver>[] = [
    ...driverColumns({ name: (d) => <SeeMore driver={d} onClick={() => setOpenId(d.id)} /> }),
    {
      key: 'status',
      header: COPY.columns.status,
      cell: (d) => {
        const next = nextFollowUp(d);
        return (
          <span className={styles.stacked}>
            <span className={styles.marks}>
              <Badge tone="success">
                <TickIcon />
                {MESSAGES.labels.verified}
              </Badge>
              {d.followUpDue ? <Badge tone="warning">{MESSAGES.drivers.followUpDue}</Badge> : null}
            </span>
            <span className={d.followUpDue ? styles.due : styles.date}>{COPY.nextFollowUp(orNa(next ? formatFollowUp(next) : null))}</span>
          </span>
        );
      },
    },
  ];

  return (
    <TabBody className={styles.cells}>
      <h2 className={styles.count}>{query.data ? COPY.withCount(APPROVED_TAB, query.data.totalCount) : APPROVED_TAB}</h2>
      <PagedList
        paged={paged}
        searchLabel={COPY.approved.searchLabel}
        searchPlaceholder={COPY.searchPlaceholder}
        filters={
          <Select
            label={COPY.approved.filterLabel}
            hideLabel
            value={due ? 'due' : ''}
            onChange={(e) => paged.setFilter('followUp', e.target.value)}
            options={FOLLOW_UP_OPTIONS}
            containerClassName={styles.filter}
          />
        }
        caption={COPY.approved.caption}
        columns={columns}
        rowKey={(d) => d.id}
        query={query}
        page={query.data}
        loadingLabel={COPY.approved.loading}
        errorText={COPY.approved.loadFailed}
        emptyText={due ? COPY.approved.noneDue : MESSAGES.drivers.noApproved}
        pagerLabel={COPY.approved.pages}
      />
      <FollowUpModal driverId={openId} driver={query.data?.items.find((d) => d.id === openId) ?? null} onClose={() => setOpenId(null)} />
    </TabBody>
  );
}

function TickIcon() {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <path d="M2.2 6.4l2.4 2.3 5.2-5.4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
