import { useState } from 'react';
import { Button, Checkbox, EmptyState, Pagination, SearchBox, Spinner, Table, type TableColumn } from '@portal/shared-ui';
import { MESSAGES, type Employee } from '@portal/shared-contracts';
import { useEmployeesList, type EmployeeStatusFilter } from '../../api/employees-list';
import { errorMessage } from '../../lib/errors';
import { fullName } from '../../lib/format';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { AddEmployeeModal } from './add-employee-modal';
import { EmployeeDetailModal } from './employee-detail-modal';
import styles from './employee-management.module.css';

const FILTERS: { value: EmployeeStatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'deactivated', label: 'Deactivated' },
];

/** Approved employees: searched, filtered and paged on the server, 10 a page. */
export function AllEmployeesTab() {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), 300);
  const [status, setStatus] = useState<EmployeeStatusFilter>('all');
  const [openId, setOpenId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  // The page belongs to the search and filter it was chosen under: a new search starts at page 1.
  const key = `${search}|${status}`;
  const [pageState, setPageState] = useState({ key, n: 1 });
  const pageNumber = pageState.key === key ? pageState.n : 1;
  const setPage = (n: number) => setPageState({ key, n });

  const list = useEmployeesList({ pageNumber, search, status });
  const data = list.data;

  const columns: TableColumn<Employee>[] = [
    { key: 'name', header: 'Name', cell: (e) => <span className={styles.nameCell}>{fullName(e)}</span> },
    { key: 'email', header: 'Email', cell: (e) => <span className={styles.emailCell}>{e.email}</span> },
    { key: 'number', header: 'Employee ID', cell: (e) => e.employeeNumber },
    {
      key: 'status',
      header: 'Status',
      cell: (e) => (
        <button
          type="button"
          className={e.isActive ? styles.statusActive : styles.statusInactive}
          onClick={() => setOpenId(e.id)}
          aria-label={`${e.isActive ? 'Active' : 'Deactivated'}: details of ${fullName(e)}`}
        >
          {e.isActive ? 'Active' : 'Deactivated'}
        </button>
      ),
    },
  ];

  return (
    <div className={styles.tab}>
      <div className={styles.toolbar}>
        <SearchBox
          label="Search employees"
          placeholder="Search by name, email or employee ID"
          value={searchText}
          onChange={(ev) => setSearchText(ev.target.value)}
          containerClassName={styles.search}
        />
        <fieldset className={styles.filters}>
          <legend className={styles.legend}>Show</legend>
          {FILTERS.map((f) => (
            <Checkbox
              key={f.value}
              label={f.label}
              checked={status === f.value}
              // Unticking Active or Deactivated falls back to All, so one filter always applies.
              onCheckedChange={(on) => setStatus(on ? f.value : 'all')}
            />
          ))}
        </fieldset>
        <div className={styles.toolbarActions}>
          <Button onClick={() => setAdding(true)}>Add Employee</Button>
        </div>
      </div>

      {list.isPending ? (
        <div className={styles.center}>
          <Spinner size="lg" label="Loading employees" />
        </div>
      ) : list.isError ? (
        <EmptyState
          title={errorMessage(list.error, MESSAGES.common.unknownError)}
          action={
            <Button variant="secondary" onClick={() => void list.refetch()}>
              {MESSAGES.common.retry}
            </Button>
          }
        />
      ) : (
        <>
          <div className={list.isPlaceholderData ? styles.stale : undefined}>
            <Table
              caption="Employees"
              hideCaption
              columns={columns}
              rows={data?.items ?? []}
              rowKey={(e) => e.id}
              empty={<EmptyState title={search || status !== 'all' ? 'No employees match your search.' : 'No employees yet.'} />}
            />
          </div>
          {data && data.totalCount > 0 && (
            <div className={styles.footer}>
              <span className={styles.count}>{`${data.totalCount} employee${data.totalCount === 1 ? '' : 's'}`}</span>
              <Pagination
                page={data.pageNumber}
                totalPages={data.totalPages}
                hasPrevious={data.hasPreviousPage}
                hasNext={data.hasNextPage}
                onPageChange={setPage}
                disabled={list.isFetching}
                label="Employee pages"
              />
            </div>
          )}
        </>
      )}

      <EmployeeDetailModal employeeId={openId} onClose={() => setOpenId(null)} />
      <AddEmployeeModal open={adding} onOpenChange={setAdding} />
    </div>
  );
}
