import { LIMITS } from '@portal/shared-contracts/constants';
import { day } from '@portal/shared-contracts/date-time';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import type { AwaitingSetupEmployer, EmployerListItem } from '@portal/shared-contracts';
import { Button, VisuallyHidden } from '@portal/shared-ui/form';
import { Select } from '@portal/shared-ui/form-extras';
import { ConfirmDialog } from '@portal/shared-ui/overlays';
import { Badge, EmailAddress, PagedList, PhoneNumber, usePagedSearch, type PagedSearch, type TableColumn } from '@portal/shared-ui/data-display';
import { useState, type ReactNode } from 'react';
import { useAwaitingSetup } from '../../api/list-awaiting-setup';
import { SubscriptionBadge } from './subscription-badge';
import { useEmployers } from '../../api/list-employers';
import { useRemoveAccountMutation } from '../../api/remove-account';
import { EmployerModal } from './employer-modal';
import styles from './all-employers-page.module.css';

const E = MESSAGES.employers;
const AWAITING = 'AwaitingSetup';
/** The spec's three filters, then the accounts whose company is not set up yet. */
const STATUS_OPTIONS = [...MESSAGES.labels.employerFilter.map((value) => ({ value, label: value })), { value: AWAITING, label: E.awaitingSetup }];
type Status = (typeof MESSAGES.labels.employerFilter)[number];

/**
 * Super admin: every employer, searched and filtered on the server, ten per page. The filter's
 * "Awaiting setup" lists the employer accounts that have no company yet instead.
 */
export function AllEmployersPage() {
  const paged = usePagedSearch({ filters: { status: 'All' } });
  // A hand-edited address may carry any status: only those the server knows are sent.
  const awaiting = paged.filters.status === AWAITING;
  const status: Status = MESSAGES.labels.employerFilter.find((s) => s === paged.filters.status) ?? 'All';
  const filter = (
    <Select
      label={E.filterLabel}
      hideLabel
      containerClassName={styles.filter}
      options={STATUS_OPTIONS}
      value={awaiting ? AWAITING : status}
      onChange={(e) => paged.setFilter('status', e.target.value)}
    />
  );
  return awaiting ? <AwaitingSetupList paged={paged} filter={filter} /> : <Employers paged={paged} status={status} filter={filter} />;
}

function Employers({ paged, status, filter }: { paged: PagedSearch<{ status: string }>; status: Status; filter: ReactNode }) {
  const { search, page } = paged;
  const [selected, setSelected] = useState<string | null>(null);
  const list = useEmployers({ pageNumber: page, pageSize: LIMITS.pageSize, status, ...(search ? { search } : {}) });

  const columns: TableColumn<EmployerListItem>[] = [
    {
      key: 'name',
      header: E.columns.name,
      cell: (e) => (
        <span className={styles.nameCell}>
          <span className={styles.name}>{e.name}</span>
          {e.isActive ? null : <Badge tone="danger">{MESSAGES.labels.deactivated}</Badge>}
        </span>
      ),
    },
    { key: 'email', header: E.columns.email, cell: (e) => <EmailAddress value={e.email} className={styles.email} /> },
    { key: 'contact', header: E.columns.contact, cell: (e) => <PhoneNumber value={e.phoneNumber} country={e.countryCode.alpha2Code} /> },
    // Ours beside the spec's columns: where each company stands with its trial or subscription.
    { key: 'subscription', header: MESSAGES.billing.summary.column, cell: (e) => <SubscriptionBadge summary={e.subscription} /> },
    {
      key: 'more',
      header: <VisuallyHidden>{E.details}</VisuallyHidden>,
      align: 'right',
      cell: (e) => (
        <Button variant="link" size="sm" onClick={() => setSelected(e.id)} aria-label={E.seeMoreAbout(e.name)} aria-haspopup="dialog">
          {MESSAGES.labels.seeMore}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PagedList
        title={MESSAGES.labels.allEmployers}
        description={MESSAGES.labels.deactivatedCanReactivate}
        paged={paged}
        searchLabel={E.searchLabel}
        searchPlaceholder={E.searchPlaceholder}
        filters={filter}
        caption={E.caption}
        columns={columns}
        rowKey={(e) => e.id}
        query={list}
        page={list.data}
        loadingLabel={E.loading}
        errorText={E.loadFailed}
        emptyText={E.none}
        pagerLabel={E.pages}
      />
      {selected ? <EmployerModal employerId={selected} open onOpenChange={(open) => (open ? undefined : setSelected(null))} /> : null}
    </>
  );
}

/** Employer accounts that signed up or were added, and have not saved setup step 1: newest first, each removable. */
function AwaitingSetupList({ paged, filter }: { paged: PagedSearch<{ status: string }>; filter: ReactNode }) {
  const { toast } = usePlatform();
  const { search, page } = paged;
  const list = useAwaitingSetup({ pageNumber: page, pageSize: LIMITS.pageSize, ...(search ? { search } : {}) });
  const remove = useRemoveAccountMutation();
  const [removing, setRemoving] = useState<AwaitingSetupEmployer | null>(null);

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      toast.success(MESSAGES.admins.userRemoved);
      setRemoving(null);
    } catch (error) {
      toast.error(serverMessage(error, MESSAGES.common.unknownError));
    }
  };

  const columns: TableColumn<AwaitingSetupEmployer>[] = [
    { key: 'name', header: E.awaitingColumns.name, cell: (u) => <span className={styles.name}>{u.name}</span> },
    { key: 'email', header: E.awaitingColumns.email, cell: (u) => <EmailAddress value={u.email} className={styles.email} /> },
    {
      key: 'since',
      header: E.awaitingColumns.since,
      cell: (u) => <time dateTime={u.createdAt}>{day(u.createdAt)}</time>,
    },
    {
      key: 'remove',
      header: <VisuallyHidden>{MESSAGES.fields.action}</VisuallyHidden>,
      align: 'right',
      cell: (u) => (
        <Button variant="ghost" size="sm" className={styles.remove} onClick={() => setRemoving(u)} aria-label={E.removeAccountOf(u.name)} aria-haspopup="dialog">
          {E.removeAccount}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PagedList
        title={MESSAGES.labels.allEmployers}
        description={E.awaitingIntro}
        paged={paged}
        searchLabel={E.searchLabel}
        searchPlaceholder={E.searchPlaceholder}
        filters={filter}
        caption={E.awaitingCaption}
        columns={columns}
        rowKey={(u) => u.id}
        query={list}
        page={list.data}
        loadingLabel={E.loading}
        errorText={E.loadFailed}
        emptyText={search ? E.awaitingNoMatch : E.awaitingNone}
        pagerLabel={E.awaitingPages}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={E.removeAccountTitle}
        message={removing ? E.removeAccountText(removing.name, removing.email) : ''}
        confirmLabel={MESSAGES.labels.remove}
        onConfirm={() => void confirmRemove()}
        busy={remove.isPending}
        tone="danger"
      />
    </>
  );
}
