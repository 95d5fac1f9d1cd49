import { useState } from 'react';
import { Button, VisuallyHidden } from '@portal/shared-ui/form';
import { Select } from '@portal/shared-ui/form-extras';
import { Modal } from '@portal/shared-ui/overlays';
import { Badge, PagedList, usePagedSearch, type TableColumn } from '@portal/shared-ui/data-display';
import { LIMITS, MESSAGES, serverMessage, usePlatform, type UserListItem } from '@portal/shared-contracts';
import { useUsers } from '../../api/get-users';
import { fullName, orNa } from '../../shared/format';
import { AdminUserModal } from './admin-user-modal';
import { EmployeeUserModal } from './employee-user-modal';
import styles from './all-users.module.css';

const TYPE_OPTIONS = [
  { value: 'All', label: 'All Users' },
  { value: 'Employees', label: 'Employees' },
  { value: 'Employers', label: 'Employers' },
] as const;

/** Super admin: every employee and employer user, searched, filtered and paged on the server. */
export function AllUsersPage() {
  const { RemoteSlot } = usePlatform();
  const paged = usePagedSearch({ filters: { type: 'All' } });
  const { search, page } = paged;
  // A hand-edited address may carry any type: only the three the server knows are sent.
  const type = TYPE_OPTIONS.find((o) => o.value === paged.filters.type)?.value ?? 'All';
  const [open, setOpen] = useState<UserListItem | null>(null);
  // The company whose employer modal is open: an employer's row opens it at once, an admin's on request.
  const [company, setCompany] = useState<string | null>(null);
  const openUser = (u: UserListItem) => {
    if (u.role === 'Employer' && u.companyId) setCompany(u.companyId);
    else setOpen(u);
  };

  const users = useUsers({ pageNumber: page, pageSize: LIMITS.pageSize, ...(search ? { search } : {}), ...(type !== 'All' ? { type } : {}) });

  const columns: TableColumn<UserListItem>[] = [
    { key: 'name', header: 'Name', cell: (u) => <span className={styles.name}>{fullName(u) || orNa(null)}</span> },
    { key: 'email', header: 'Email', cell: (u) => <span className={styles.email}>{u.email}</span> },
    { key: 'phone', header: 'Phone Number', cell: (u) => orNa(u.phoneNumber) },
    {
      key: 'type',
      header: 'Account Type',
      cell: (u) => (
        <Badge tone={u.role === 'Employee' ? 'info' : 'brand'}>
          {u.role === 'Employee' ? MESSAGES.labels.employee : MESSAGES.labels.accountTypes[u.role]}
        </Badge>
      ),
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
        <Button variant="link" size="sm" onClick={() => openUser(u)} aria-label={`See more about ${fullName(u)}`}>
          {MESSAGES.labels.seeMore}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PagedList
        title={MESSAGES.labels.allUsers}
        paged={paged}
        searchLabel="Search users"
        searchPlaceholder="Search by name, email or phone"
        filters={
          <Select
            label="Account type"
            hideLabel
            value={type}
            onChange={(ev) => paged.setFilter('type', ev.target.value)}
            options={TYPE_OPTIONS}
            containerClassName={styles.filter}
          />
        }
        caption="All users"
        columns={columns}
        rowKey={(u) => u.id}
        query={users}
        page={users.data}
        loadingLabel="Loading users"
        errorText={serverMessage(users.error, MESSAGES.common.unknownError)}
        emptyText={search || type !== 'All' ? 'No users match your search.' : 'No users yet.'}
        pagerLabel="User pages"
      />
      <EmployeeUserModal user={open?.role === 'Employee' ? open : null} onClose={() => setOpen(null)} />
      <AdminUserModal
        user={open?.role === 'Admin' ? open : null}
        onClose={() => setOpen(null)}
        onShowCompany={(id) => {
          setOpen(null);
          setCompany(id);
        }}
      />
      {open?.role === 'Employer' ? <EmployerWithoutCompany user={open} onClose={() => setOpen(null)} /> : null}
      {company ? (
        <RemoteSlot remote="mfe-onboarding" module="EmployerModal" props={{ employerId: company, open: true, onOpenChange: (o: boolean) => !o && setCompany(null) }} />
      ) : null}
    </>
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
