import { lazy, Suspense, useState } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { BrandMark, cx } from '@portal/shared-ui/form';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { ROUTES } from '@portal/shared-contracts/routes';
import { usePlatform } from '@portal/shared-contracts/platform';
import { useAfterPageDrawn } from './after-page-drawn';
import { RemoteSlot } from '../remotes/remote-slot';
import { mayCall } from '@portal/shared-contracts/scheme';
import { addedNav, closedToCaller, routeAt } from '../routes/route-table';
import { useIdlePreload } from './idle-preload';
import { SkipLink, useNavDisclosure } from './nav-disclosure';
import { TabNav } from './nav-link-item';
import { ProfileMenu } from './profile-menu';
import { useRouteFlags } from './use-route-flags';
import styles from './layout.module.css';

// Help & Support (its form, the contract's schema) is fetched when it is first opened.
const HelpDialog = lazy(() => import('./help-dialog').then((m) => ({ default: m.HelpDialog })));

const [DASHBOARD, COMPANY_SETTINGS, EMPLOYEE_MANAGEMENT, USER_MANAGEMENT] = MESSAGES.labels.employerNav;

/** The spec's four tabs, then what the employer pays and who changed what: every page of the area is one click away. */
export const EMPLOYER_TABS = [
  { to: ROUTES.mainPage, label: DASHBOARD },
  {
    to: ROUTES.companySettings,
    label: COMPANY_SETTINGS,
    alsoActiveOn: [ROUTES.companySettingsDetails, ROUTES.companySettingsIncentives],
  },
  // Add Manually is one of Employee Management's ways to add employees.
  { to: ROUTES.employeeManagement, label: EMPLOYEE_MANAGEMENT, alsoActiveOn: [ROUTES.addManually] },
  { to: ROUTES.userManagement, label: USER_MANAGEMENT },
  { to: ROUTES.payment, label: MESSAGES.billing.menuEntry },
  { to: ROUTES.companySettingsAuditLog, label: MESSAGES.audit.title },
] as const;

/** The employer area (document 1, section 2): header with notifications and profile menu, tab nav. */
export function EmployerLayout() {
  const { session, navigate } = usePlatform();
  const { hideNav } = useRouteFlags();
  const [helpOpen, setHelpOpen] = useState(false);
  const menu = useNavDisclosure();
  // An admin limited to some offices is not offered the pages whose calls are closed to them.
  const tabs = [...EMPLOYER_TABS, ...addedNav('employer')].filter((t) => !closedToCaller(routeAt(t.to), session?.offices));
  useIdlePreload(tabs.map((t) => t.to));
  // The join-request bell loads a remote of its own: after the page's first paint (docs/decisions/0067).
  const bells = useAfterPageDrawn();

  return (
    <div className={styles.employerShell}>
      <SkipLink />
      <header className={styles.header}>
        <div className={styles.headerInner}>
          {!hideNav && menu.button}
          <Link to={ROUTES.mainPage} className={styles.brand}>
            <BrandMark showName={false} label={MESSAGES.shell.home} />
            <span className={styles.brandName}>{session?.companyDetails?.name ?? ''}</span>
          </Link>
          <div className={styles.headerActions}>
            {/* The join requests: not for an admin limited to some offices while the call is closed to them. */}
            {bells && mayCall(session?.offices, ['employees.pending']) ? (
              <div className={styles.slot}>
                <RemoteSlot remote="mfe-employees" module="JoinRequestsBell" compact />
              </div>
            ) : null}
            <ProfileMenu
              showName
              items={[
                { label: MESSAGES.labels.helpSupport, onSelect: () => setHelpOpen(true) },
                { label: MESSAGES.labels.myProfile, onSelect: () => navigate(ROUTES.loginDetails) },
              ]}
            />
          </div>
        </div>
        {!hideNav && (
          <TabNav
            id={menu.navId}
            label={MESSAGES.shell.employerNav}
            tabs={tabs}
            className={cx(styles.tabNav, menu.open && styles.navOpen)}
            tabClassName={styles.tab}
            activeClassName={styles.tabActive}
            onKeyDown={menu.onNavKeyDown}
            onClick={menu.onNavClick}
          />
        )}
      </header>
      {/* The free trial's line (mfe-billing): empty unless the company is on its trial; not for an office admin while billing is closed to them. */}
      {mayCall(session?.offices, ['billing.billing']) ? <RemoteSlot remote="mfe-billing" module="TrialNotice" compact optional /> : null}
      <main className={styles.content} id="main" tabIndex={-1}>
        <Outlet />
      </main>
      {helpOpen ? (
        <Suspense fallback={null}>
          <HelpDialog open onOpenChange={setHelpOpen} variant="employer" />
        </Suspense>
      ) : null}
    </div>
  );
}
