import { useState } from 'react';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { ROUTES } from '@portal/shared-contracts/routes';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { DriversPageProps } from '@portal/shared-contracts';
import { Page, Tabs } from '@portal/shared-ui/data-display';
import { ApprovedDriversTab } from './approved-drivers-tab';
import { PendingDriversTab } from './pending-drivers-tab';

type DriversTab = NonNullable<DriversPageProps['tab']>;

const [APPROVED_LABEL, PENDING_LABEL] = MESSAGES.labels.driverTabs;
/** Each tab is also a route of its own (document 2: /approved-drivers, /pending-drivers). */
const TABS = [
  { value: 'Approved', label: APPROVED_LABEL, route: ROUTES.approvedDrivers },
  { value: 'Pending', label: PENDING_LABEL, route: ROUTES.pendingDrivers },
] as const satisfies readonly { value: DriversTab; label: string; route: string }[];

/** All Drivers: Approved Drivers (the default) and Pending Drivers. */
export function DriversPage({ tab }: DriversPageProps) {
  const { navigate } = usePlatform();
  const [current, setCurrent] = useState<DriversTab>(tab ?? 'Approved');
  // Going to the other tab's route (a link, the header bell) re-renders this page with its tab.
  const [seenTab, setSeenTab] = useState(tab);
  if (tab !== seenTab) {
    setSeenTab(tab);
    if (tab) setCurrent(tab);
  }

  return (
    <Page title={MESSAGES.labels.allDrivers}>
      <Tabs
        label={MESSAGES.driverScreens.tabsLabel}
        value={current}
        onValueChange={(value) => {
          const next = TABS.find((t) => t.value === value);
          if (!next) return;
          setCurrent(next.value);
          navigate(next.route, { replace: true });
        }}
        items={TABS.map((t) => ({
          value: t.value,
          label: t.label,
          content: t.value === 'Approved' ? <ApprovedDriversTab /> : <PendingDriversTab />,
        }))}
      />
    </Page>
  );
}
