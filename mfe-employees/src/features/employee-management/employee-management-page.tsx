import { useState, type ReactNode } from 'react';
import { Badge, Page, Tabs } from '@portal/shared-ui/data-display';
import { ROUTES } from '@portal/shared-contracts/routes';
import { usePlatform } from '@portal/shared-contracts/platform';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { PAGE_TITLES } from '@portal/shared-contracts/page-titles';
import { usePendingEmployees } from '../../api/get-pending-employees';
import { AllEmployeesTab } from './all-employees-tab';
import { PendingRequestsTab } from './pending-requests-tab';
import styles from './employee-management.module.css';

const [ALL_EMPLOYEES, PARTICIPATION, JOURNEY_GROUPS, PENDING_REQUESTS] = MESSAGES.labels.employeeTabs;
export const EMPLOYEE_TABS = [
  { value: 'all-employees', label: ALL_EMPLOYEES },
  { value: 'participation', label: PARTICIPATION },
  { value: 'journey-groups', label: JOURNEY_GROUPS },
  { value: 'pending-requests', label: PENDING_REQUESTS },
] as const;
export type EmployeeTab = (typeof EMPLOYEE_TABS)[number]['value'];

/** `?tab=` takes the tab's id or its label, in any case ("pending-requests", "Pending Requests"). */
export function tabFromQuery(raw: string | null): EmployeeTab {
  const q = (raw ?? '').trim().toLowerCase();
  const hit = EMPLOYEE_TABS.find((t) => t.value === q || t.label.toLowerCase() === q);
  return hit?.value ?? 'all-employees';
}

export function EmployeeManagementPage() {
  const { location, navigate, RemoteSlot } = usePlatform();
  const queryTab = location.query.get('tab');
  const [tab, setTab] = useState<EmployeeTab>(() => tabFromQuery(queryTab));
  // A link to another tab while this page is open (e.g. from the header bell) switches to it.
  const [seenQueryTab, setSeenQueryTab] = useState(queryTab);
  if (queryTab !== seenQueryTab) {
    setSeenQueryTab(queryTab);
    if (queryTab) setTab(tabFromQuery(queryTab));
  }
  const pending = usePendingEmployees();
  const pendingCount = pending.data?.length ?? 0;

  const content: Record<EmployeeTab, ReactNode> = {
    'all-employees': <AllEmployeesTab />,
    participation: <RemoteSlot remote="mfe-insights" module="ParticipationTab" />,
    'journey-groups': <RemoteSlot remote="mfe-insights" module="JourneyGroupsTab" />,
    'pending-requests': <PendingRequestsTab />,
  };

  return (
    <Page title={PAGE_TITLES.employeeManagement}>
      <Tabs
        label={PAGE_TITLES.employeeManagement}
        value={tab}
        onValueChange={(v) => {
          const next = tabFromQuery(v);
          setTab(next);
          // Keeps the open tab in the address so a reload or a shared link lands on it; each tab's
          // list keeps its own keys there too, for when it is opened again.
          const query = new URLSearchParams(location.query);
          query.set('tab', next);
          navigate(`${ROUTES.employeeManagement}?${query}`, { replace: true });
        }}
        items={EMPLOYEE_TABS.map((t) => ({
          value: t.value,
          label:
            t.value === 'pending-requests' ? (
              <span className={styles.tabLabel}>
                {t.label}
                {/* The badge's place is kept while the count loads and when it is nought: a tab that
                    widens once the count comes wrapped onto a row of its own on a phone, moving
                    the whole tab (0.135 of layout shift at 390x844). */}
                {pendingCount > 0 ? (
                  <Badge tone="danger" className={styles.tabBadge}>
                    <span aria-label={MESSAGES.employeeScreens.pendingCount(pendingCount)}>{pendingCount}</span>
                  </Badge>
                ) : (
                  <span className={styles.badgePlace} aria-hidden="true">
                    <Badge tone="danger" className={styles.tabBadge}>
                      0
                    </Badge>
                  </span>
                )}
              </span>
            ) : (
              t.label
            ),
          content: content[t.value],
        }))}
      />
    </Page>
  );
}
