import { Outlet } from 'react-router-dom';
import { MESSAGES, ROUTES, usePlatform } from '@portal/shared-contracts';
import { DropdownMenu } from '@portal/shared-ui';
import { RemoteSlot } from '../remotes/remote-slot';
import { Chevron, initialOf } from './employer-layout';
import { useIdlePreload } from './idle-preload';
import { Logo } from './logo';
import { NavLinkItem, TabNav } from './nav-link-item';
import { useRouteFlags } from './use-route-flags';
import { useLogoutConfirm } from './use-session-actions';
import styles from './layout.module.css';

const [EMPLOYERS, ALL_USERS, DRIVERS] = MESSAGES.labels.superAdminNav;
const DRIVER_PATHS = [ROUTES.pendingDrivers, ROUTES.approvedDrivers];

export const SUPER_ADMIN_TABS = [
  { to: ROUTES.superAdmin, label: EMPLOYERS },
  { to: ROUTES.allUsers, label: ALL_USERS },
  { to: ROUTES.drivers, label: DRIVERS, alsoActiveOn: DRIVER_PATHS },
] as const;

const SIDE_MENU = [
  ...SUPER_ADMIN_TABS,
  { to: ROUTES.admins, label: MESSAGES.labels.admins },
  { to: ROUTES.superAdminProfile, label: MESSAGES.labels.myProfile },
] as const;

/** The back office (document 2, section 2): side menu, top bar (notifications, user menu), tab bar. */
export function SuperAdminLayout() {
  const { session, navigate } = usePlatform();
  const { hideTopBar, hideNav } = useRouteFlags();
  const logout = useLogoutConfirm();
  useIdlePreload(SIDE_MENU.map((t) => t.to));

  return (
    <div className={styles.adminShell}>
      <aside className={styles.sideMenu}>
        <div className={styles.sideBrand}>
          <Logo label="Home" />
        </div>
        <nav aria-label="Back office">
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
              <TabNav label="Sections" tabs={SUPER_ADMIN_TABS} className={styles.topTabs} tabClassName={styles.tab} activeClassName={styles.tabActive} />
            ) : (
              <span />
            )}
            <div className={styles.headerActions}>
              <div className={styles.slot}>
                <RemoteSlot remote="mfe-drivers" module="NotificationsBell" compact />
              </div>
              <DropdownMenu
                label={MESSAGES.labels.myProfile}
                trigger={
                  <button type="button" className={styles.profileButton} aria-label={session?.name || MESSAGES.labels.myProfile}>
                    <span className={styles.avatar} aria-hidden="true">
                      {initialOf(session?.name)}
                    </span>
                    <Chevron />
                  </button>
                }
                items={[
                  { label: MESSAGES.labels.users, onSelect: () => navigate(ROUTES.admins) },
                  { label: MESSAGES.labels.myProfile, onSelect: () => navigate(ROUTES.superAdminProfile) },
                  { label: MESSAGES.labels.logOut, onSelect: logout.ask, tone: 'danger', separatorBefore: true },
                ]}
              />
            </div>
          </header>
        )}
        <main className={styles.adminContent} id="main">
          <Outlet />
        </main>
      </div>
      {logout.dialog}
    </div>
  );
}
