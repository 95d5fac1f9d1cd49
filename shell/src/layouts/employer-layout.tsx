import { useState } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { MESSAGES, ROUTES, usePlatform } from '@portal/shared-contracts';
import { DropdownMenu } from '@portal/shared-ui';
import { RemoteSlot } from '../remotes/remote-slot';
import { HelpDialog } from './help-dialog';
import { useIdlePreload } from './idle-preload';
import { Logo } from './logo';
import { TabNav } from './nav-link-item';
import { useRouteFlags } from './use-route-flags';
import { useLogoutConfirm } from './use-session-actions';
import styles from './layout.module.css';

const [DASHBOARD, COMPANY_SETTINGS, EMPLOYEE_MANAGEMENT, USER_MANAGEMENT] = MESSAGES.labels.employerNav;

export const EMPLOYER_TABS = [
  { to: ROUTES.mainPage, label: DASHBOARD },
  {
    to: ROUTES.companySettings,
    label: COMPANY_SETTINGS,
    alsoActiveOn: [ROUTES.companySettingsDetails, ROUTES.companySettingsIncentives],
  },
  { to: ROUTES.employeeManagement, label: EMPLOYEE_MANAGEMENT },
  { to: ROUTES.userManagement, label: USER_MANAGEMENT },
] as const;

export function initialOf(name: string | undefined): string {
  return (name ?? '').trim().charAt(0).toUpperCase() || '?';
}

/** The employer area (document 1, section 2): header with notifications and profile menu, tab nav. */
export function EmployerLayout() {
  const { session, navigate } = usePlatform();
  const { hideNav } = useRouteFlags();
  const logout = useLogoutConfirm();
  const [helpOpen, setHelpOpen] = useState(false);
  useIdlePreload(EMPLOYER_TABS.map((t) => t.to));

  return (
    <div className={styles.employerShell}>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <Link to={ROUTES.mainPage} className={styles.brand}>
            <Logo label="Home" />
            <span className={styles.brandName}>{session?.companyDetails?.name ?? ''}</span>
          </Link>
          <div className={styles.headerActions}>
            <div className={styles.slot}>
              <RemoteSlot remote="mfe-employees" module="JoinRequestsBell" compact />
            </div>
            <DropdownMenu
              label={MESSAGES.labels.myProfile}
              trigger={
                <button type="button" className={styles.profileButton} aria-label={session?.name || MESSAGES.labels.myProfile}>
                  <span className={styles.avatar} aria-hidden="true">
                    {initialOf(session?.name)}
                  </span>
                  <span className={styles.profileName}>{session?.name}</span>
                  <Chevron />
                </button>
              }
              items={[
                { label: MESSAGES.labels.helpSupport, onSelect: () => setHelpOpen(true) },
                { label: MESSAGES.labels.myProfile, onSelect: () => navigate(ROUTES.loginDetails) },
                { label: MESSAGES.labels.logOut, onSelect: logout.ask, tone: 'danger', separatorBefore: true },
              ]}
            />
          </div>
        </div>
        {!hideNav && (
          <TabNav label="Main" tabs={EMPLOYER_TABS} className={styles.tabNav} tabClassName={styles.tab} activeClassName={styles.tabActive} />
        )}
      </header>
      <main className={styles.content} id="main">
        <Outlet />
      </main>
      {logout.dialog}
      <HelpDialog open={helpOpen} onOpenChange={setHelpOpen} />
    </div>
  );
}

export function Chevron() {
  return (
    <svg width="12" height="12" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
