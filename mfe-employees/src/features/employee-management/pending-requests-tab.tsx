import { useMemo, useState } from 'react';
import { Button, Checkbox, DropdownMenu, EmptyState, Pagination, SearchBox, Spinner, TableRoot, Td, Th, Tr, VisuallyHidden } from '@portal/shared-ui';
import { LIMITS, MESSAGES, usePlatform } from '@portal/shared-contracts';
import { usePendingEmployees } from '../../api/pending-employees';
import { fullName, matchesSearch } from '../../lib/format';
import { useJoinRequestDecisions } from '../join-requests/use-join-request-decisions';
import styles from './employee-management.module.css';

/**
 * Join requests: every page is read from the server (100 at a time) and paged here, 10 at a time,
 * so search, selection and select-all work over the whole list.
 */
export function PendingRequestsTab() {
  const { toast } = usePlatform();
  const pending = usePendingEmployees();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const decisions = useJoinRequestDecisions((ids) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids) next.delete(id);
      return next;
    }),
  );

  const filtered = useMemo(() => (pending.data ?? []).filter((e) => matchesSearch(e, search)), [pending.data, search]);
  const totalPages = Math.max(1, Math.ceil(filtered.length / LIMITS.pageSize));
  const current = Math.min(page, totalPages);
  const visible = filtered.slice((current - 1) * LIMITS.pageSize, current * LIMITS.pageSize);
  const allVisibleSelected = visible.length > 0 && visible.every((e) => selected.has(e.id));
  // Only requests still listed count as selected (one may have been decided elsewhere, e.g. in the bell).
  const selectedIds = (pending.data ?? []).filter((e) => selected.has(e.id)).map((e) => e.id);

  function toggle(id: string, on: boolean) {
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function toggleAllVisible(on: boolean) {
    setSelected((prev) => {
      const next = new Set(prev);
      for (const e of visible) {
        if (on) next.add(e.id);
        else next.delete(e.id);
      }
      return next;
    });
  }

  function rejectSelected() {
    if (selectedIds.length === 0) {
      toast.error('Please select at least one employee to reject.');
      return;
    }
    decisions.askReject(selectedIds);
  }

  if (pending.isPending) {
    return (
      <div className={styles.center}>
        <Spinner size="lg" label="Loading pending requests" />
      </div>
    );
  }
  if (pending.isError) {
    return (
      <EmptyState
        title={MESSAGES.employees.pendingLoadFailed}
        action={
          <Button variant="secondary" onClick={() => void pending.refetch()}>
            {MESSAGES.common.retry}
          </Button>
        }
      />
    );
  }

  return (
    <div className={styles.tab}>
      <div className={styles.toolbar}>
        <SearchBox
          label="Search pending requests"
          placeholder="Search by name, email or employee ID"
          value={search}
          onChange={(ev) => {
            setSearch(ev.target.value);
            setPage(1);
          }}
          containerClassName={styles.search}
        />
        <div className={styles.toolbarActions}>
          <span className={styles.selectionCount} aria-live="polite">
            {selectedIds.length > 0 ? `${selectedIds.length} selected` : ''}
          </span>
          <DropdownMenu
            label={MESSAGES.employees.awaitingApproval}
            trigger={
              <Button variant="secondary">
                {MESSAGES.employees.awaitingApproval}
                <ChevronDown />
              </Button>
            }
            items={[
              { label: 'Reject', tone: 'danger', onSelect: rejectSelected },
              { label: 'Approve', onSelect: () => void decisions.approveSelected(selectedIds) },
            ]}
          />
          <Button onClick={() => void decisions.approveSelected(selectedIds)} loading={decisions.busy}>
            Approve Selected
          </Button>
        </div>
      </div>

      <TableRoot caption="Pending join requests" hideCaption>
        <thead>
          <tr>
            <Th className={styles.checkCol}>
              <Checkbox
                label={<VisuallyHidden>Select all</VisuallyHidden>}
                checked={allVisibleSelected}
                disabled={visible.length === 0}
                onCheckedChange={toggleAllVisible}
              />
            </Th>
            <Th>Name</Th>
            <Th>Email</Th>
            <Th>Employee ID</Th>
            <Th align="right">Actions</Th>
          </tr>
        </thead>
        <tbody>
          {visible.length === 0 ? (
            <tr>
              <td colSpan={5}>
                <EmptyState title={MESSAGES.employees.noPending} />
              </td>
            </tr>
          ) : (
            visible.map((e) => (
              <Tr key={e.id}>
                <Td className={styles.checkCol}>
                  <Checkbox
                    label={<VisuallyHidden>{`Select ${fullName(e)}`}</VisuallyHidden>}
                    checked={selected.has(e.id)}
                    onCheckedChange={(on) => toggle(e.id, on)}
                  />
                </Td>
                <Td>
                  <span className={styles.nameCell}>{fullName(e)}</span>
                </Td>
                <Td>
                  <span className={styles.emailCell}>{e.email}</span>
                </Td>
                <Td>{e.employeeNumber}</Td>
                <Td align="right">
                  <span className={styles.rowActions}>
                    <Button size="sm" variant="secondary" onClick={() => decisions.askReject([e.id])} aria-label={`Reject ${fullName(e)}`}>
                      Reject
                    </Button>
                    <Button size="sm" onClick={() => decisions.askVerify(e.id)} aria-label={`Verify ${fullName(e)}`}>
                      Verify
                    </Button>
                  </span>
                </Td>
              </Tr>
            ))
          )}
        </tbody>
      </TableRoot>

      {filtered.length > 0 && <Pagination page={current} totalPages={totalPages} onPageChange={setPage} label="Pending requests pages" />}
      {decisions.dialog}
    </div>
  );
}

function ChevronDown() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
