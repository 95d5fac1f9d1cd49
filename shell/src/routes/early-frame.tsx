import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { LAYOUT_FRAME_MESSAGES as MESSAGES } from '@portal/shared-contracts/messages/layout-frame';
import { BrandMark, Spinner } from '@portal/shared-ui/form';
import layout from '../layouts/layout.module.css';
import { trialLineSpaceBeforeRestore } from '../layouts/trial-line-space';
import slotStyles from '../remotes/remote-slot.module.css';
import type { RemoteRoute } from './remote-route';
import heading from './page-heading.module.css';

/**
 * A signed-in page's frame drawn from the address alone, before the session is restored: the area's
 * layout (its header, navigation box and content box, with the layout's own classes, so the same
 * geometry) and what `PageLoading` draws in the content box (the route's heading when the module's
 * heading is the route's title, and the spinner). It carries no data: no company, no name, no
 * role-dependent menu entry; only the route's title and the layout's static parts. It is the page's
 * first and largest paint; the layout that replaces it draws the same heading in the same box, so the
 * largest paint stays this one (docs/decisions/0072, addendum "the frame before the restore").
 *
 * It sits before `#root`, hidden from assistive technology and inert, and goes as soon as anything is
 * drawn in `#root` (the layout, the login page when the session turns out missing, a failed start),
 * in the same task as that commit, before the browser paints again.
 */

function MenuButtonBox() {
  return (
    <span className={layout.menuButton}>
      <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span>{MESSAGES.menu}</span>
    </span>
  );
}

/** The profile button's box (its height sets the header's); no initial, no name. */
function ProfileBox() {
  return (
    <div className={layout.headerActions}>
      <span className={layout.profileButton}>
        <span className={layout.avatar} />
        <svg width="12" height="12" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
    </div>
  );
}

function PageBox({ route }: { route: Pick<RemoteRoute, 'title' | 'heading'> }) {
  const spinner = (
    <div className={slotStyles.loading}>
      <Spinner size="lg" />
    </div>
  );
  if (!route.heading) return spinner;
  return (
    <div className={heading.page}>
      <h1 className={heading.title}>{route.title}</h1>
      {spinner}
    </div>
  );
}

type FrameRoute = Pick<RemoteRoute, 'area' | 'title' | 'heading' | 'hideNav' | 'hideTopBar'>;

/**
 * `trialLineSpace`: the height the employer layout keeps under its header for the trial's line
 * (`layouts/trial-line-space.ts`), kept here too so the heading lands where the layout draws it.
 */
export function EarlyFrame({ route, trialLineSpace = 0 }: { route: FrameRoute; trialLineSpace?: number }) {
  if (route.area === 'employer') {
    return (
      <div className={layout.employerShell}>
        <div className={layout.header}>
          <div className={layout.headerInner}>
            {!route.hideNav && <MenuButtonBox />}
            <span className={layout.brand}>
              <BrandMark showName={false} />
            </span>
            <ProfileBox />
          </div>
          {!route.hideNav && (
            <div className={layout.tabNav}>
              <span className={layout.tab} />
            </div>
          )}
        </div>
        {trialLineSpace > 0 && <div style={{ minHeight: trialLineSpace }} />}
        <div className={layout.content}>
          <PageBox route={route} />
        </div>
      </div>
    );
  }
  return (
    <div className={layout.adminShell}>
      <div className={layout.sideMenu}>
        <span className={`${layout.brand} ${layout.sideBrand}`}>
          <BrandMark showName={false} />
        </span>
      </div>
      {route.hideTopBar ? (
        <div className={`${layout.topBar} ${layout.menuOnly}`}>
          <MenuButtonBox />
        </div>
      ) : (
        <div className={layout.topBar}>
          <MenuButtonBox />
          <span className={`${layout.brand} ${layout.topBrand}`}>
            <BrandMark showName={false} />
          </span>
          <ProfileBox />
        </div>
      )}
      <div className={layout.adminContent}>
        <PageBox route={route} />
      </div>
    </div>
  );
}

/** The areas that have a frame: those with a layout of header and navigation. */
export const hasFrame = (route: Pick<RemoteRoute, 'area'>): boolean => route.area === 'employer' || route.area === 'superAdmin';

/**
 * Draws the frame of `route` before `#root` when nothing has been drawn there yet, and removes it once
 * something is. Returns whether it was drawn.
 */
export function paintEarlyFrame(route: FrameRoute, doc: Document = document): boolean {
  const root = doc.getElementById('root');
  if (!root || root.hasChildNodes() || !hasFrame(route)) return false;
  const frame = doc.createElement('div');
  frame.setAttribute('aria-hidden', 'true');
  frame.setAttribute('inert', '');
  frame.dataset.earlyFrame = '';
  root.before(frame);
  const frameRoot = createRoot(frame);
  // Drawn now, in this task: the next paint carries it.
  flushSync(() => frameRoot.render(<EarlyFrame route={route} trialLineSpace={route.area === 'employer' ? trialLineSpaceBeforeRestore() : 0} />));
  const gone = () => {
    observer.disconnect();
    frame.remove();
    // Unmounted after the commit that replaced it, never within it.
    queueMicrotask(() => frameRoot.unmount());
  };
  // A mutation is reported at the end of the task that made it, before the browser paints.
  const observer = new MutationObserver(() => {
    if (root.hasChildNodes()) gone();
  });
  observer.observe(root, { childList: true });
  return true;
}
