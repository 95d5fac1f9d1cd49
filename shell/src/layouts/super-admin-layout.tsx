import { lazy, Suspense, useState } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { BrandMark, cx } from '@portal/shared-ui/form';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { ROUTES } from '@portal/shared-contracts/routes';
import { usePlatform } from '@portal/shared-contracts/platform';
import { useAfterPageDrawn } from './after-page-drawn';
import { RemoteSlot } from '../remotes/remote-slot';
import { useIdlePreload } from './idle-preload';
import { SkipLink, useNavDisclosure } from './nav-disclosure';
import { NavLinkItem } from './nav-link-item';
import { addedNav } from '../routes/route-table';
import { ProfileMenu } from './profile-menu';
import { useRouteFlags } from './use-route-flags';
import styles from './layout.module.css';

// Help & Support (its form, the contract's schema) is fetched when it is first opened.
const HelpDialog = lazy(() => import('./help-dialog').then((m) => ({ default: m.HelpDialog })));

const [EMPLOYERS, ALL_USERS, DRIVERS] = MESSAGES.labels.superAdminNav;
const DRIVER_PATHS = [ROUTES.pendingDrivers, ROUTES.approvedDrivers];

/**
 * The back office's one navigation: the spec's tab bar (Employers, All Users, Drivers) first, then
 * every other section. A wide screen shows it as the side menu; a phone behind the Menu button.
 */
export const SIDE_MENU = [
  { to: ROUTES.superAdmin, label: EMPLOYERS },
  { to: ROUTES.allUsers, label: ALL_USERS },
  { to: ROUTES.drivers, label: DRIVERS, alsoActiveOn: DRIVER_PATHS },
  { to: ROUTES.admins, label: MESSAGES.labels.admins },
  { to: ROUTES.superAdminAuditLog, label: MESSAGES.audit.title },
  { to: ROUTES.superAdminMail, label: MESSAGES.mail.title },
  { to: ROUTES.superAdminReleases, label: MESSAGES.releases.title },
  { to: ROUTES.superAdminSettings, label: MESSAGES.schemeSettings.title },
  { to: ROUTES.superAdminProfile, label: MESSAGES.labels.myProfile },
] as const;

/** The back office (document 2, section 2): side menu, top bar (notifications, user menu). */
export function SuperAdminLayout() {
  const { navigate } = usePlatform();
  const { hideTopBar } = useRouteFlags();
  const menu = useNavDisclosure();
  const bells = useAfterPageDrawn();
  const [helpOpen, setHelpOpen] = useState(false);
  const sideMenu: readonly { to: string; label: string; alsoActiveOn?: readonly string[] }[] = [...SIDE_MENU, ...addedNav('superAdmin')];
  useIdlePreload(sideMenu.map((t) => t.to));

  return (
    <div className={styles.adminShell}>
      <SkipLink />
      <aside className={cx(styles.sideMenu, menu.open && styles.navOpen)}>
        <Link to={ROUTES.superAdmin} className={cx(styles.brand, styles.sideBrand)}>
          <BrandMark showName={false} label={MESSAGES.shell.home} />
        </Link>
        <nav id={menu.navId} aria-label={MESSAGES.shell.backOfficeNav} onKeyDown={menu.onNavKeyDown} onClick={menu.onNavClick}>
          <ul className={styles.sideList}>
            {sideMenu.map((t) => (
              <li key={t.to}>
                <NavLinkItem
                  to={t.to}
                  label={t.label}
                  alsoActiveOn={t.alsoActiveOn ?? []}
                  className={styles.sideLink}
                  activeClassName={styles.sideLinkActive}
                />
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      {hideTopBar ? (
        // A route without the top bar still needs the Menu button on a phone.
        <header className={cx(styles.topBar, styles.menuOnly)}>{menu.button}</header>
      ) : (
        <header className={styles.topBar}>
          {menu.button}
          <Link to={ROUTES.superAdmin} className={cx(styles.brand, styles.topBrand)}>
            <BrandMark showName={false} label={MESSAGES.shell.home} />
          </Link>
          <div className={styles.headerActions}>
            {/* Its remote is loaded after the page's first paint (docs/decisions/0067); the box keeps its place. */}
            <div className={styles.slot}>{bells ? <RemoteSlot remote="mfe-drivers" module="NotificationsBell" compact /> : null}</div>
            <ProfileMenu
              items={[
                { label: MESSAGES.labels.helpSupport, onSelect: () => setHelpOpen(true) },
                { label: MESSAGES.labels.users, onSelect: () => navigate(ROUTES.admins) },
                { label: MESSAGES.labels.myProfile, onSelect: () => navigate(ROUTES.superAdminProfile) },
              ]}
            />
          </div>
        </header>
      )}
      <main className={styles.adminContent} id="main" tabIndex={-1}>
        <Outlet />
      </main>
      {helpOpen ? (
        <Suspense fallback={null}>
          <HelpDialog open onOpenChange={setHelpOpen} variant="superAdmin" />
        </Suspense>
      ) : null}
    </div>
  );
}
