import { useState } from 'react';
import { Button, VisuallyHidden } from '@portal/shared-ui/form';
import { Select } from '@portal/shared-ui/form-extras';
import { Modal } from '@portal/shared-ui/overlays';
import { Badge, EmailAddress, PagedList, PhoneNumber, usePagedSearch, type TableColumn } from '@portal/shared-ui/data-display';
import { fullName } from '@portal/shared-contracts/names';
import { LIMITS } from '@portal/shared-contracts/constants';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import type { UserListItem } from '@portal/shared-contracts';
import { useUsers } from '../../api/get-users';
import { NOT_AVAILABLE, orNa } from '../../shared/format';
import { AdminUserModal } from './admin-user-modal';
import { EmployeeUserModal } from './employee-user-modal';
import styles from './all-users.module.css';

const S = MESSAGES.allUsersScreen;
const [ALL, EMPLOYEES, EMPLOYERS] = MESSAGES.labels.userFilter;
const TYPE_OPTIONS = [
  { value: 'All', label: ALL },
  { value: 'Employees', label: EMPLOYEES },
  { value: 'Employers', label: EMPLOYERS },
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
    { key: 'name', header: S.columns.name, cell: (u) => <span className={styles.name}>{fullName(u) || orNa(null)}</span> },
    { key: 'email', header: S.columns.email, cell: (u) => <EmailAddress value={u.email} className={styles.email} /> },
    { key: 'phone', header: S.columns.phone, cell: (u) => <PhoneNumber value={u.phoneNumber} country={u.companyCountry} empty={NOT_AVAILABLE} /> },
    {
      key: 'company',
      header: S.columns.company,
      // Two people of one name are told apart by their company.
      cell: (u) => <span className={u.companyName ? styles.company : styles.muted}>{u.companyName ?? MESSAGES.admins.noCompanyYet}</span>,
    },
    {
      key: 'type',
      header: S.columns.accountType,
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
          <VisuallyHidden>{S.details}</VisuallyHidden>
        </span>
      ),
      align: 'right',
      cell: (u) => (
        <Button variant="link" size="sm" onClick={() => openUser(u)} aria-label={S.seeMoreAbout(fullName(u))} aria-haspopup="dialog">
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
        searchLabel={S.searchLabel}
        searchPlaceholder={S.searchPlaceholder}
        filters={
          <Select
            label={S.filterLabel}
            hideLabel
            value={type}
            onChange={(ev) => paged.setFilter('type', ev.target.value)}
            options={TYPE_OPTIONS}
            containerClassName={styles.filter}
          />
        }
        caption={S.caption}
        columns={columns}
        rowKey={(u) => u.id}
        query={users}
        page={users.data}
        loadingLabel={S.loading}
        errorText={serverMessage(users.error, MESSAGES.common.unknownError)}
        emptyText={search || type !== 'All' ? S.noMatch : S.none}
        pagerLabel={S.pages}
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
      <p>{S.noCompanyYet}</p>
    </Modal>
  );
}
