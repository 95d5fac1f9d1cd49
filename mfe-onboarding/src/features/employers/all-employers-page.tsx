import { LIMITS, MESSAGES, type EmployerListItem } from '@portal/shared-contracts';
import { Button, VisuallyHidden } from '@portal/shared-ui/form';
import { Select } from '@portal/shared-ui/form-extras';
import { Badge, PagedList, usePagedSearch, type TableColumn } from '@portal/shared-ui/data-display';
import { SubscriptionBadge } from './subscription-badge';
import { useState } from 'react';
import { useEmployers } from '../../api/list-employers';
import { formatContact } from '../../shared/phone';
import { EmployerModal } from './employer-modal';
import styles from './all-employers-page.module.css';

const STATUS_OPTIONS = MESSAGES.labels.employerFilter.map((value) => ({ value, label: value }));

/** Super admin: every employer, searched and filtered on the server, ten per page. */
export function AllEmployersPage() {
  const paged = usePagedSearch({ filters: { status: 'All' } });
  const { search, page } = paged;
  // A hand-edited address may carry any status: only the three the server knows are sent.
  const status = MESSAGES.labels.employerFilter.find((s) => s === paged.filters.status) ?? 'All';
  const [selected, setSelected] = useState<string | null>(null);

  const list = useEmployers({ pageNumber: page, pageSize: LIMITS.pageSize, status, ...(search ? { search } : {}) });

  const columns: TableColumn<EmployerListItem>[] = [
    {
      key: 'name',
      header: 'Company Name',
      cell: (e) => (
        <span className={styles.nameCell}>
          <span className={styles.name}>{e.name}</span>
          {e.isActive ? null : <Badge tone="danger">{MESSAGES.labels.deactivated}</Badge>}
        </span>
      ),
    },
    { key: 'email', header: 'Company Email', cell: (e) => <span className={styles.email}>{e.email}</span> },
    { key: 'contact', header: 'Company Contact', cell: (e) => <span className={styles.nowrap}>{formatContact(e.countryCode, e.phoneNumber)}</span> },
    // Ours beside the spec's columns: where each company stands with its trial or subscription.
    { key: 'subscription', header: MESSAGES.billing.summary.column, cell: (e) => <SubscriptionBadge summary={e.subscription} /> },
    {
      key: 'more',
      header: <VisuallyHidden>Details</VisuallyHidden>,
      align: 'right',
      cell: (e) => (
        <Button variant="link" size="sm" onClick={() => setSelected(e.id)} aria-label={`See more about ${e.name}`}>
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
        searchLabel="Search employers"
        searchPlaceholder="Search by name, email or phone"
        filters={
          <Select
            label="Filter"
            hideLabel
            containerClassName={styles.filter}
            options={STATUS_OPTIONS}
            value={status}
            onChange={(e) => paged.setFilter('status', e.target.value)}
          />
        }
        caption="Employers"
        columns={columns}
        rowKey={(e) => e.id}
        query={list}
        page={list.data}
        loadingLabel="Loading employers"
        errorText={MESSAGES.employers.loadFailed}
        emptyText={MESSAGES.employers.none}
        pagerLabel="Employers pages"
      />
      {selected ? <EmployerModal employerId={selected} open onOpenChange={(open) => (open ? undefined : setSelected(null))} /> : null}
    </>
  );
}
