import { LIMITS } from '@portal/shared-contracts/constants';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import type { AdminEntry, AdminUsersPageProps } from '@portal/shared-contracts';
import { Button } from '@portal/shared-ui/form';
import { ConfirmDialog } from '@portal/shared-ui/overlays';
import { Badge, Card, LoadFailed, Loading, Pagination, SearchBox, Table, type TableColumn } from '@portal/shared-ui/data-display';
import { useOffices } from '@portal/shared-ui/data';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useEmployerAdmins } from '../../api/get-employer-admins';
import { useSuperAdmins } from '../../api/get-super-admins';
import { useRemoveUserMutation } from '../../api/remove-user';
import { COPY } from '../../shared/copy';
import { AddAdminDialog } from './add-admin-dialog';
import styles from './admins.module.css';

// Opened by an employer with offices only: loaded on first use, out of the page's first paint.
const AdminOfficesDialog = lazy(() => import('./admin-offices-dialog').then((m) => ({ default: m.AdminOfficesDialog })));

/** A local, case-insensitive search on name and email. */
const matches = (a: AdminEntry, search: string) => {
  const q = search.trim().toLowerCase();
  return !q || a.name.toLowerCase().includes(q) || a.email.toLowerCase().includes(q);
};

/**
 * Super admin `/admins` (Admins: super admins only, newest first) and employer `/user-management`
 * (Users). Both are searched here; after an add, the list shows the one added (search cleared, its
 * page opened).
 */
export function AdminUsersPage({ variant = 'employer' }: Partial<AdminUsersPageProps>) {
  const platform = usePlatform();
  const session = platform.session;
  const superAdmins = useSuperAdmins({ enabled: variant === 'superAdmin' });
  const employerAdmins = useEmployerAdmins(session?.employerId, { enabled: variant === 'employer' });
  const query = variant === 'superAdmin' ? superAdmins : employerAdmins;
  const removeUser = useRemoveUserMutation();
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<AdminEntry | null>(null);
  const [scoping, setScoping] = useState<AdminEntry | null>(null);
  // The scope is offered only in a company with offices (docs/decisions/0051-office-administrators.md).
  const offices = useOffices(variant === 'employer' ? (session?.employerId ?? null) : null);
  const officeList = offices.data ?? [];
  const withOffices = variant === 'employer' && officeList.length > 0;
  const officeName = useMemo(() => new Map(officeList.map((o) => [o.id, o.label] as const)), [officeList]);
  /** What an admin manages: the whole company, or their offices by name. */
  const scopeOf = (a: AdminEntry) => {
    if (a.offices === null) return MESSAGES.admins.wholeCompany;
    const names = a.offices.map((id) => officeName.get(id)).filter((n): n is string => Boolean(n));
    return names.length > 0 ? names.join(', ') : MESSAGES.admins.noOfficesLeft;
  };
  const [search, setSearch] = useState('');
  // The one just added, until the list that holds it arrives: then its page is shown.
  const [added, setAdded] = useState<string | null>(null);

  // The server already leaves the caller out; filter again so the signed-in user never sees themselves.
  const everyone = useMemo(
    () => (query.data ?? []).filter((a) => a.id !== session?.userId && a.email.toLowerCase() !== session?.email.toLowerCase()),
    [query.data, session?.userId, session?.email],
  );
  const entries = useMemo(() => everyone.filter((a) => matches(a, search)), [everyone, search]);
  const addedAt = added ? entries.findIndex((a) => a.id === added) : -1;
  if (addedAt >= 0) {
    setAdded(null);
    setPage(Math.floor(addedAt / LIMITS.pageSize) + 1);
  }
  const totalPages = Math.max(1, Math.ceil(entries.length / LIMITS.pageSize));
  const current = Math.min(page, totalPages);
  const visible = entries.slice((current - 1) * LIMITS.pageSize, current * LIMITS.pageSize);

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await removeUser.mutateAsync(removing.id);
      platform.toast.success(MESSAGES.admins.userRemoved);
      setRemoving(null);
    } catch (error) {
      platform.toast.error(serverMessage(error, MESSAGES.common.unknownError));
    }
  };

  const columns: TableColumn<AdminEntry>[] = [
    { key: 'name', header: MESSAGES.fields.userName, cell: (a) => <span className={styles.name}>{a.name}</span> },
    { key: 'email', header: MESSAGES.fields.email, cell: (a) => a.email },
    ...(withOffices ? [{ key: 'offices', header: MESSAGES.admins.officesColumn, cell: (a: AdminEntry) => <span className={styles.offices}>{scopeOf(a)}</span> }] : []),
    {
      key: 'action',
      header: MESSAGES.fields.action,
      align: 'right',
      cell: (a) => (
        <span className={styles.actions}>
          {/* Never the owner (always the whole company), and the list never holds oneself. */}
          {withOffices && a.role === 'Admin' ? (
            <Button variant="ghost" size="sm" onClick={() => setScoping(a)} aria-label={MESSAGES.admins.changeOfficesOf(a.name)} aria-haspopup="dialog">
              {MESSAGES.admins.changeOffices}
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" className={styles.remove} onClick={() => setRemoving(a)} aria-label={`${MESSAGES.labels.removeAdmin}: ${a.name}`} aria-haspopup="dialog">
            {MESSAGES.labels.removeAdmin}
          </Button>
        </span>
      ),
    },
  ];

  const title = variant === 'superAdmin' ? MESSAGES.labels.admins : MESSAGES.labels.users;
  return (
    <div className={styles.page}>
      <Card
        title={
          <span className={styles.title}>
            {title} {query.data ? <Badge tone="neutral">{COPY.admins.count(entries.length)}</Badge> : null}
          </span>
        }
        headingLevel={1}
        actions={
          <Button onClick={() => setAdding(true)} aria-haspopup="dialog">
            {MESSAGES.labels.addUser}
          </Button>
        }
      >
        {query.isPending && query.fetchStatus !== 'idle' ? (
          <Loading label={COPY.admins.loading} />
        ) : query.isError ? (
          <LoadFailed title={COPY.admins.loadFailed} reason={serverMessage(query.error, '')} onRetry={() => void query.refetch()} />
        ) : (
          <>
            {everyone.length > 0 ? (
              <SearchBox
                label={MESSAGES.admins.searchLabel}
                value={search}
                onChange={(e) => {
                  setSearch(e.target.value);
                  setPage(1);
                }}
                containerClassName={styles.search}
              />
            ) : null}
            <Table caption={title} hideCaption columns={columns} rows={visible} rowKey={(a) => a.id} empty={search.trim() ? MESSAGES.admins.noMatch : COPY.admins.empty} />
            {entries.length > LIMITS.pageSize ? <Pagination page={current} totalPages={totalPages} onPageChange={setPage} /> : null}
          </>
        )}
      </Card>
      <AddAdminDialog
        open={adding}
        onOpenChange={setAdding}
        variant={variant}
        onAdded={(id) => {
          setSearch('');
          setAdded(id);
        }}
      />
      {scoping ? (
        <Suspense fallback={null}>
          <AdminOfficesDialog admin={scoping} offices={officeList} onClose={() => setScoping(null)} />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={COPY.admins.removeTitle}
        message={removing ? MESSAGES.admins.confirmRemove(removing.name) : ''}
        cancelLabel={MESSAGES.labels.cancel}
        confirmLabel={MESSAGES.labels.remove}
        onConfirm={confirmRemove}
        busy={removeUser.isPending}
        tone="danger"
      />
    </div>
  );
}
