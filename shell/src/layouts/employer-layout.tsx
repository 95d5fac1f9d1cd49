import { lazy, Suspense, useState } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { ROUTES } from '@portal/shared-contracts/routes';
import { usePlatform } from '@portal/shared-contracts/platform';
import { RemoteSlot } from '../remotes/remote-slot';
import { useIdlePreload } from './idle-preload';
import { Logo } from './logo';
import { TabNav } from './nav-link-item';
import { ProfileMenu } from './profile-menu';
import { useRouteFlags } from './use-route-flags';
import styles from './layout.module.css';

// Help & Support (its form, the contract's schema) is fetched when it is first opened.
const HelpDialog = lazy(() => import('./help-dialog').then((m) => ({ default: m.HelpDialog })));

const [DASHBOARD, COMPANY_SETTINGS, EMPLOYEE_MANAGEMENT, USER_MANAGEMENT] = MESSAGES.labels.employerNav;

const EMPLOYER_TABS = [
  { to: ROUTES.mainPage, label: DASHBOARD },
  {
    to: ROUTES.companySettings,
    label: COMPANY_SETTINGS,
    alsoActiveOn: [ROUTES.companySettingsDetails, ROUTES.companySettingsIncentives, ROUTES.companySettingsAuditLog],
  },
  { to: ROUTES.employeeManagement, label: EMPLOYEE_MANAGEMENT },
  { to: ROUTES.userManagement, label: USER_MANAGEMENT },
] as const;

/** The employer area (document 1, section 2): header with notifications and profile menu, tab nav. */
export function EmployerLayout() {
  const { session, navigate } = usePlatform();
  const { hideNav } = useRouteFlags();
  const [helpOpen, setHelpOpen] = useState(false);
  useIdlePreload(EMPLOYER_TABS.map((t) => t.to));

  return (
    <div className={styles.employerShell}>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <Link to={ROUTES.mainPage} className={styles.brand}>
            <Logo label={MESSAGES.shell.home} />
            <span className={styles.brandName}>{session?.companyDetails?.name ?? ''}</span>
          </Link>
          <div className={styles.headerActions}>
            <div className={styles.slot}>
              <RemoteSlot remote="mfe-employees" module="JoinRequestsBell" compact />
            </div>
            <ProfileMenu
              showName
              items={[
                { label: MESSAGES.labels.helpSupport, onSelect: () => setHelpOpen(true) },
                { label: MESSAGES.labels.myProfile, onSelect: () => navigate(ROUTES.loginDetails) },
                { label: MESSAGES.billing.menuEntry, onSelect: () => navigate(ROUTES.payment) },
                { label: MESSAGES.audit.title, onSelect: () => navigate(ROUTES.companySettingsAuditLog) },
              ]}
            />
          </div>
        </div>
        {!hideNav && (
          <TabNav label={MESSAGES.shell.employerNav} tabs={EMPLOYER_TABS} className={styles.tabNav} tabClassName={styles.tab} activeClassName={styles.tabActive} />
        )}
      </header>
      {/* The free trial's line (mfe-billing): empty unless the company is on its trial. */}
      <RemoteSlot remote="mfe-billing" module="TrialNotice" compact optional />
      <main className={styles.content} id="main">
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
