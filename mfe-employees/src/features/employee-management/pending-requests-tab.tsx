import { useMemo } from 'react';
import { Button, Checkbox, VisuallyHidden } from '@portal/shared-ui/form';
import { DropdownMenu } from '@portal/shared-ui/overlays';
import { PagedList, pageLocally, TabBody, usePagedSearch, useRowSelection, type TableColumn } from '@portal/shared-ui/data-display';
import { fullName } from '@portal/shared-contracts/names';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import type { Employee } from '@portal/shared-contracts';
import { useBulkAcceptEmployeesMutation } from '../../api/bulk-accept-employees';
import { usePendingEmployees } from '../../api/get-pending-employees';
import { matchesSearch } from '../../shared/format';
import { JoinRequestActions } from '../../shared/join-request-actions';
import { useJoinRequestDecisions } from '../../shared/use-join-request-decisions';
import styles from './employee-management.module.css';

/**
 * Join requests: every page is read from the server (100 at a time) and paged here, 10 at a time,
 * so search, selection and select-all work over the whole list.
 */
export function PendingRequestsTab() {
  const { toast } = usePlatform();
  const pending = usePendingEmployees();
  // Searched in the page, so each key applies at once; "pending." keeps its page apart from All Employees'.
  const paged = usePagedSearch({ param: 'pending', debounceMs: 0 });
  const bulkAccept = useBulkAcceptEmployeesMutation();

  const filtered = useMemo(() => (pending.data ?? []).filter((e) => matchesSearch(e, paged.search)), [pending.data, paged.search]);
  const page = pageLocally(filtered, paged.page);
  const visible = page.items;
  // A bulk action takes only what the user sees ticked: rows the search or another page hides stay
  // out, and so does a request decided elsewhere (e.g. in the bell) that is no longer listed.
  // An erased person's request can be neither approved nor rejected (the api answers 409): never selectable.
  const selectable = useMemo(() => visible.filter((e) => !e.isErased), [visible]);
  const selection = useRowSelection(selectable, (e) => e.id);
  const { unselect } = selection;
  const decisions = useJoinRequestDecisions(unselect);
  const selectedRows = selection.chosen;
  const selectedIds = selectedRows.map((e) => e.id);

  function rejectSelected() {
    if (selectedRows.length === 0) {
      toast.error(MESSAGES.joinRequests.selectToReject);
      return;
    }
    decisions.askReject(selectedRows);
  }

  async function approveSelected() {
    if (selectedIds.length === 0) {
      toast.error(MESSAGES.employees.selectToApprove);
      return;
    }
    try {
      await bulkAccept.mutateAsync(selectedIds);
      toast.success(MESSAGES.employees.bulkApproved);
      unselect(selectedIds);
    } catch (err) {
      toast.error(serverMessage(err, MESSAGES.employees.bulkApproveFailed));
    }
  }

  const columns: TableColumn<Employee>[] = [
    {
      key: 'select',
      className: styles.checkCol,
      header: (
        <Checkbox
          label={<VisuallyHidden>{MESSAGES.employees.selectAll}</VisuallyHidden>}
          checked={selection.allChosen}
          disabled={selectable.length === 0}
          onCheckedChange={(on) => selection.toggle(selectable, on)}
        />
      ),
      cell: (e) =>
        e.isErased ? null : (
        <Checkbox label={<VisuallyHidden>{MESSAGES.employees.selectOne(fullName(e))}</VisuallyHidden>} checked={selection.isSelected(e)} onCheckedChange={(on) => selection.toggle([e], on)} />
      ),
    },
    { key: 'name', header: MESSAGES.employeeScreens.columns.name, cell: (e) => <span className={styles.nameCell}>{fullName(e)}</span> },
    { key: 'email', header: MESSAGES.employeeScreens.columns.email, cell: (e) => <span className={styles.emailCell}>{e.email}</span> },
    { key: 'number', header: MESSAGES.employeeScreens.columns.employeeId, cell: (e) => e.employeeNumber },
    { key: 'actions', header: MESSAGES.employeeScreens.columns.actions, align: 'right', cell: (e) => <JoinRequestActions request={e} onDecided={unselect} /> },
  ];

  return (
    <TabBody>
      <PagedList
        paged={paged}
        searchLabel={MESSAGES.employeeScreens.pendingSearchLabel}
        searchPlaceholder={MESSAGES.employeeScreens.searchPlaceholder}
        actions={
          <>
            <span className={styles.selectionCount} aria-live="polite">
              {selectedIds.length > 0 ? MESSAGES.employees.selectedCount(selectedIds.length) : ''}
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
                { label: MESSAGES.labels.reject, tone: 'danger', onSelect: rejectSelected },
                { label: MESSAGES.labels.approve, onSelect: () => void approveSelected() },
              ]}
            />
            <Button onClick={() => void approveSelected()} loading={bulkAccept.isPending}>
              {MESSAGES.labels.approveSelected}
            </Button>
          </>
        }
        caption={MESSAGES.employeeScreens.pendingCaption}
        columns={columns}
        rowKey={(e) => e.id}
        query={pending}
        page={page}
        loadingLabel={MESSAGES.employees.loadingPending}
        errorText={MESSAGES.employees.pendingLoadFailed}
        // Requests hidden by the search are not "none": say that nothing matches it.
        emptyText={paged.search && (pending.data?.length ?? 0) > 0 ? MESSAGES.employees.noPendingMatch(paged.search) : MESSAGES.employees.noPending}
        pagerLabel={MESSAGES.employeeScreens.pendingPages}
      />
      {decisions.dialog}
    </TabBody>
  );
}

function ChevronDown() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
