import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { ROUTES } from '@portal/shared-contracts/routes';
import { usePlatform } from '@portal/shared-contracts/platform';
import { RemoteSlot } from '../remotes/remote-slot';
import { useIdlePreload } from './idle-preload';
import { Logo } from './logo';
import { NavLinkItem, TabNav } from './nav-link-item';
import { ProfileMenu } from './profile-menu';
import { useRouteFlags } from './use-route-flags';
import styles from './layout.module.css';

// Help & Support (its form, the contract's schema) is fetched when it is first opened.
const HelpDialog = lazy(() => import('./help-dialog').then((m) => ({ default: m.HelpDialog })));

const [EMPLOYERS, ALL_USERS, DRIVERS] = MESSAGES.labels.superAdminNav;
const DRIVER_PATHS = [ROUTES.pendingDrivers, ROUTES.approvedDrivers];

const SUPER_ADMIN_TABS = [
  { to: ROUTES.superAdmin, label: EMPLOYERS },
  { to: ROUTES.allUsers, label: ALL_USERS },
  { to: ROUTES.drivers, label: DRIVERS, alsoActiveOn: DRIVER_PATHS },
] as const;

const SIDE_MENU = [
  ...SUPER_ADMIN_TABS,
  { to: ROUTES.admins, label: MESSAGES.labels.admins },
  { to: ROUTES.superAdminAuditLog, label: MESSAGES.audit.title },
  { to: ROUTES.superAdminMail, label: MESSAGES.mail.title },
  { to: ROUTES.superAdminReleases, label: MESSAGES.releases.title },
  { to: ROUTES.superAdminSettings, label: MESSAGES.schemeSettings.title },
  { to: ROUTES.superAdminProfile, label: MESSAGES.labels.myProfile },
] as const;

/** The back office (document 2, section 2): side menu, top bar (notifications, user menu), tab bar. */
export function SuperAdminLayout() {
  const { navigate } = usePlatform();
  const { hideTopBar, hideNav } = useRouteFlags();
  const [helpOpen, setHelpOpen] = useState(false);
  useIdlePreload(SIDE_MENU.map((t) => t.to));

  return (
    <div className={styles.adminShell}>
      <aside className={styles.sideMenu}>
        <div className={styles.sideBrand}>
          <Logo label={MESSAGES.shell.home} />
        </div>
        <nav aria-label={MESSAGES.shell.backOfficeNav}>
          <ul className={styles.sideList}>
            {SIDE_MENU.map((t) => (
              <li key={t.to}>
                <NavLinkItem
                  to={t.to}
                  label={t.label}
                  alsoActiveOn={'alsoActiveOn' in t ? t.alsoActiveOn : []}
                  className={styles.sideLink}
                  activeClassName={styles.sideLinkActive}
                />
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className={styles.adminMain}>
        {!hideTopBar && (
          <header className={styles.topBar}>
            {!hideNav ? (
              <TabNav label={MESSAGES.shell.backOfficeTabs} tabs={SUPER_ADMIN_TABS} className={styles.topTabs} tabClassName={styles.tab} activeClassName={styles.tabActive} />
            ) : (
              <span />
            )}
            <div className={styles.headerActions}>
              <div className={styles.slot}>
                <RemoteSlot remote="mfe-drivers" module="NotificationsBell" compact />
              </div>
              <ProfileMenu
                items={[
                  { label: MESSAGES.labels.helpSupport, onSelect: () => setHelpOpen(true) },
                  { label: MESSAGES.labels.users, onSelect: () => navigate(ROUTES.admins) },
                  { label: MESSAGES.labels.myProfile, onSelect: () => navigate(ROUTES.superAdminProfile) },
                  { label: MESSAGES.audit.title, onSelect: () => navigate(ROUTES.superAdminAuditLog) },
                ]}
              />
            </div>
          </header>
        )}
        <main className={styles.adminContent} id="main">
          <Outlet />
        </main>
      </div>
      {helpOpen ? (
        <Suspense fallback={null}>
          <HelpDialog open onOpenChange={setHelpOpen} variant="superAdmin" />
        </Suspense>
      ) : null}
    </div>
  );
}
