import { useState } from 'react';
import { Badge, Button, EmptyState, Modal, Pagination, SearchBox, Select, Spinner, Table, VisuallyHidden, type TableColumn } from '@portal/shared-ui';
import { MESSAGES, usePlatform, type UserListItem } from '@portal/shared-contracts';
import { useUsers, type UserTypeFilter } from '../../api/users-list';
import { errorMessage } from '../../lib/errors';
import { fullName, orNa } from '../../lib/format';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { EmployeeUserModal } from './employee-user-modal';
import styles from './all-users.module.css';

const TYPE_OPTIONS: { value: UserTypeFilter; label: string }[] = [
  { value: 'All', label: 'All Users' },
  { value: 'Employees', label: 'Employees' },
  { value: 'Employers', label: 'Employers' },
];

/** Super admin: every employee and employer user, searched, filtered and paged on the server. */
export function AllUsersPage() {
  const { RemoteSlot } = usePlatform();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), 300);
  const [type, setType] = useState<UserTypeFilter>('All');
  const key = `${search}|${type}`;
  const [pageState, setPageState] = useState({ key, n: 1 });
  const pageNumber = pageState.key === key ? pageState.n : 1;
  const [open, setOpen] = useState<UserListItem | null>(null);

  const users = useUsers({ pageNumber, search, type });
  const data = users.data;

  const columns: TableColumn<UserListItem>[] = [
    { key: 'name', header: 'Name', cell: (u) => <span className={styles.name}>{fullName(u) || orNa(null)}</span> },
    { key: 'email', header: 'Email', cell: (u) => <span className={styles.email}>{u.email}</span> },
    { key: 'phone', header: 'Phone Number', cell: (u) => orNa(u.phoneNumber) },
    {
      key: 'type',
      header: 'Account Type',
      cell: (u) => <Badge tone={u.role === 'Employee' ? 'info' : 'brand'}>{u.role}</Badge>,
    },
    {
      key: 'more',
      header: (
        <span className={styles.hiddenHeader}>
          <VisuallyHidden>Details</VisuallyHidden>
        </span>
      ),
      align: 'right',
      cell: (u) => (
        <Button variant="link" size="sm" onClick={() => setOpen(u)} aria-label={`See more about ${fullName(u)}`}>
          See more
        </Button>
      ),
    },
  ];

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <h1 className={styles.title}>
          All Users
          {data && <span className={styles.count}>{` (${data.totalCount})`}</span>}
        </h1>
      </div>
      <div className={styles.toolbar}>
        <SearchBox
          label="Search users"
          placeholder="Search by name, email or phone"
          value={searchText}
          onChange={(ev) => setSearchText(ev.target.value)}
          containerClassName={styles.search}
        />
        <Select
          label="Account type"
          hideLabel
          value={type}
          onChange={(ev) => setType(ev.target.value as UserTypeFilter)}
          options={TYPE_OPTIONS}
          containerClassName={styles.filter}
        />
      </div>

      {users.isPending ? (
        <div className={styles.center}>
          <Spinner size="lg" label="Loading users" />
        </div>
      ) : users.isError ? (
        <EmptyState
          title={errorMessage(users.error, MESSAGES.common.unknownError)}
          action={
            <Button variant="secondary" onClick={() => void users.refetch()}>
              {MESSAGES.common.retry}
            </Button>
          }
        />
      ) : (
        <>
          <div className={users.isPlaceholderData ? styles.stale : undefined}>
            <Table
              caption="All users"
              hideCaption
              columns={columns}
              rows={data?.items ?? []}
              rowKey={(u) => u.id}
              empty={<EmptyState title={search || type !== 'All' ? 'No users match your search.' : 'No users yet.'} />}
            />
          </div>
          {data && (
            <Pagination
              page={data.pageNumber}
              totalPages={data.totalPages}
              hasPrevious={data.hasPreviousPage}
              hasNext={data.hasNextPage}
              onPageChange={(n) => setPageState({ key, n })}
              disabled={users.isFetching}
              label="User pages"
            />
          )}
        </>
      )}

      <EmployeeUserModal user={open?.role === 'Employee' ? open : null} onClose={() => setOpen(null)} />
      {open?.role === 'Employer' &&
        (open.companyId ? (
          <RemoteSlot
            remote="mfe-onboarding"
            module="EmployerModal"
            props={{ employerId: open.companyId, open: true, onOpenChange: (o: boolean) => !o && setOpen(null) }}
          />
        ) : (
          <EmployerWithoutCompany user={open} onClose={() => setOpen(null)} />
        ))}
    </div>
  );
}

/** An employer user who has not finished setup step 1 has no company to show yet. */
function EmployerWithoutCompany({ user, onClose }: { user: UserListItem; onClose: () => void }) {
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={fullName(user)} description={user.email}>
      <p>This employer has not set up a company yet.</p>
    </Modal>
  );
}
