import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { BrandMark, cx } from '@portal/shared-ui/form';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { ROUTES } from '@portal/shared-contracts/routes';
import { usePlatform } from '@portal/shared-contracts/platform';
import { whenPageSettled } from '../platform/when-settled';
import { keepTrialLineSpace, trialLineSpace } from './trial-line-space';
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

/**
 * The trial's line above the page. It knows whether to say anything only once the company's billing
 * has been read, after the layout and the page are drawn: drawn then, it pushed the page down (78 px
 * on a phone). Its box keeps the height the line last had for this company in this browser until the
 * line is drawn, so the page is drawn where it stays; a line that has gone (the subscription started)
 * gives its place back once the page has settled, and is not reserved again.
 */
function TrialLine({ company }: { company: string | null }) {
  const box = useRef<HTMLDivElement>(null);
  const [reserved, setReserved] = useState(() => (company ? trialLineSpace(company) : 0));
  useEffect(() => {
    const el = box.current;
    if (!el || !company) return;
    const measure = () => {
      const line = el.querySelector('[data-remote] > *');
      const height = line instanceof HTMLElement ? line.offsetHeight : 0;
      if (height > 0) {
        keepTrialLineSpace(company, height);
        setReserved(0);
      }
      return height;
    };
    // The line drawn (its nodes added), and its height changing with the width.
    const added = new MutationObserver(() => measure());
    added.observe(el, { childList: true, subtree: true });
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => measure());
    resized?.observe(el);
    // Still nothing to say once the page has what it asked for: the company is no longer on its trial.
    const settled = whenPageSettled(() => {
      if (measure() === 0) {
        keepTrialLineSpace(company, 0);
        setReserved(0);
      }
    });
    return () => {
      added.disconnect();
      resized?.disconnect();
      settled();
    };
  }, [company]);
  return (
    <div ref={box} style={reserved > 0 ? { minHeight: reserved } : undefined}>
      <RemoteSlot remote="mfe-billing" module="TrialNotice" compact optional />
    </div>
  );
}

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
      {mayCall(session?.offices, ['billing.billing']) ? <TrialLine company={session?.employerId ?? null} /> : null}
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
