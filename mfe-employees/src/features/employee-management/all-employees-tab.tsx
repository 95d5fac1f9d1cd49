import { useState } from 'react';
import { Button, Checkbox } from '@portal/shared-ui/form';
import { PagedList, TabBody, usePagedSearch, type TableColumn } from '@portal/shared-ui/data-display';
import { fullName } from '@portal/shared-contracts/names';
import { LIMITS } from '@portal/shared-contracts/constants';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { serverMessage } from '@portal/shared-contracts/platform';
import type { Employee } from '@portal/shared-contracts';
import { useEmployees } from '../../api/get-employees';
import { useOfficeLabels } from '@portal/shared-ui/data';
import { AddEmployeeModal } from './add-employee-modal';
import { EmployeeDetailModal } from './employee-detail-modal';
import { ErasureRequests } from './erasure-requests';
import styles from './employee-management.module.css';

const FILTERS = [
  { value: 'all', label: MESSAGES.employeeScreens.filterAll },
  { value: 'active', label: MESSAGES.labels.active },
  { value: 'deactivated', label: MESSAGES.labels.deactivated },
] as const;

/** Approved employees: searched, filtered and paged on the server, 10 a page. */
export function AllEmployeesTab() {
  const paged = usePagedSearch({ filters: { status: 'all' } });
  const { search, page } = paged;
  // A hand-edited address may carry any status: only the three the server knows are sent.
  const status = FILTERS.find((f) => f.value === paged.filters.status)?.value ?? 'all';
  const [openId, setOpenId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  const list = useEmployees({ pageNumber: page, pageSize: LIMITS.pageSize, ...(search ? { search } : {}), ...(status !== 'all' ? { status } : {}) });

  const officeLabels = useOfficeLabels(list.data?.items.map((e) => e.companyId) ?? []);

  const columns: TableColumn<Employee>[] = [
    { key: 'name', header: MESSAGES.employeeScreens.columns.name, cell: (e) => <span className={styles.nameCell}>{fullName(e)}</span> },
    { key: 'email', header: MESSAGES.employeeScreens.columns.email, cell: (e) => <span className={styles.emailCell}>{e.email}</span> },
    { key: 'number', header: MESSAGES.employeeScreens.columns.employeeId, cell: (e) => e.employeeNumber },
    // An office the labels do not hold yet (still loading) shows nothing rather than "No office".
    { key: 'office', header: MESSAGES.insights.office, cell: (e) => (e.officeId ? (officeLabels.get(e.officeId) ?? '') : MESSAGES.insights.noOffice) },
    {
      key: 'status',
      header: MESSAGES.employeeScreens.columns.status,
      cell: (e) => {
        const label = e.isActive ? MESSAGES.labels.active : MESSAGES.labels.deactivated;
        return (
          <button
            type="button"
            className={e.isActive ? styles.statusActive : styles.statusInactive}
            onClick={() => setOpenId(e.id)}
            aria-label={MESSAGES.employeeScreens.detailsOf(label, fullName(e))}
          >
            {label}
          </button>
        );
      },
    },
  ];

  return (
    <TabBody>
      <ErasureRequests onOpen={setOpenId} />
      <PagedList
        paged={paged}
        searchLabel={MESSAGES.employeeScreens.searchLabel}
        searchPlaceholder={MESSAGES.employeeScreens.searchPlaceholder}
        filters={
          <fieldset className={styles.filters}>
            <legend className={styles.legend}>{MESSAGES.employeeScreens.filterLegend}</legend>
            {FILTERS.map((f) => (
              <Checkbox
                key={f.value}
                label={f.label}
                checked={status === f.value}
                // Unticking Active or Deactivated falls back to All, so one filter always applies.
                onCheckedChange={(on) => paged.setFilter('status', on ? f.value : 'all')}
              />
            ))}
          </fieldset>
        }
        actions={<Button onClick={() => setAdding(true)}>{MESSAGES.labels.addEmployee}</Button>}
        caption={MESSAGES.employeeScreens.caption}
        columns={columns}
        rowKey={(e) => e.id}
        query={list}
        page={list.data}
        loadingLabel={MESSAGES.employees.loadingList}
        errorText={serverMessage(list.error, MESSAGES.common.unknownError)}
        emptyText={search || status !== 'all' ? MESSAGES.employeeScreens.noMatch : MESSAGES.employeeScreens.none}
        summary={MESSAGES.employeeScreens.count}
        pagerLabel={MESSAGES.employeeScreens.pages}
      />
      <EmployeeDetailModal employeeId={openId} onClose={() => setOpenId(null)} />
      <AddEmployeeModal open={adding} onOpenChange={setAdding} />
    </TabBody>
  );
}
