import { LIMITS, MESSAGES, type EmployerListItem } from '@portal/shared-contracts';
import { Badge, Button, Pagination, SearchBox, Select, Spinner, Table, VisuallyHidden, type TableColumn } from '@portal/shared-ui';
import { useState } from 'react';
import { useEmployers, type EmployerListQuery } from '../../api/list-employers';
import { formatContact } from '../../shared/phone';
import { EmployerModal } from './employer-modal';
import { useDebouncedValue } from './use-debounced-value';
import styles from './all-employers-page.module.css';

type StatusFilter = NonNullable<EmployerListQuery['status']>;

const STATUS_OPTIONS = MESSAGES.labels.employerFilter.map((value) => ({ value, label: value }));

export const SEARCH_DEBOUNCE_MS = 300;

/** Super admin: every employer, searched and filtered on the server, ten per page. */
export function AllEmployersPage() {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<StatusFilter>('All');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);

  // A new search or filter starts again from the first page.
  const [lastCriteria, setLastCriteria] = useState({ search, status });
  if (lastCriteria.search !== search || lastCriteria.status !== status) {
    setLastCriteria({ search, status });
    setPage(1);
  }

  const query: EmployerListQuery = { pageNumber: page, pageSize: LIMITS.pageSize, status, ...(search ? { search } : {}) };
  const list = useEmployers(query);
  const data = list.data;

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
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>
          {MESSAGES.labels.allEmployers} ({data?.totalCount ?? 0})
          {list.isFetching ? <Spinner label="Loading employers" /> : null}
        </h1>
        <p className={styles.note}>{MESSAGES.labels.deactivatedCanReactivate}</p>
      </header>
      <div className={styles.toolbar}>
        <SearchBox
          label="Search employers"
          placeholder="Search by name, email or phone"
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          containerClassName={styles.search}
        />
        <Select
          label="Filter"
          hideLabel
          containerClassName={styles.filter}
          options={STATUS_OPTIONS}
          value={status}
          onChange={(e) => setStatus(e.target.value as StatusFilter)}
        />
      </div>
      <Table
        caption="Employers"
        hideCaption
        columns={columns}
        rows={data?.items ?? []}
        rowKey={(e) => e.id}
        empty={
          list.isPending ? (
            <Spinner label="Loading employers" />
          ) : list.isError ? (
            <span role="alert" className={styles.error}>
              {MESSAGES.employers.loadFailed}
            </span>
          ) : (
            MESSAGES.employers.none
          )
        }
      />
      <Pagination
        page={data?.pageNumber ?? page}
        totalPages={data?.totalPages ?? 1}
        hasPrevious={data?.hasPreviousPage}
        hasNext={data?.hasNextPage}
        onPageChange={setPage}
        disabled={list.isFetching}
        label="Employers pages"
      />
      {selected ? <EmployerModal employerId={selected} open onOpenChange={(open) => (open ? undefined : setSelected(null))} /> : null}
    </div>
  );
}
