import { MESSAGES } from '@portal/shared-contracts/messages';
import { REMOTE_IDS } from '@portal/shared-contracts/remotes';
import { usePlatform } from '@portal/shared-contracts/platform';
import { Modal } from '@portal/shared-ui/overlays';
import type { VersionReason } from '@portal/shared-contracts/release';
import { loadedBuild } from '../remotes/remote-registry';
import styles from './layout.module.css';

const WHY: Record<VersionReason, string> = MESSAGES.shell.versionReasons;

/**
 * Help & Support: who to contact, and the exact versions in force (what support asks first): per
 * remote the version chosen, why (stable, canary, override, fallback) and, once it ran, the build
 * its code says it is.
 */
export function HelpDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { release, session } = usePlatform();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={MESSAGES.labels.helpSupport} size="sm">
      <p className={styles.helpText}>{MESSAGES.shell.helpContact(session?.email)}</p>
      <dl className={styles.versions}>
        <div className={styles.versionRow}>
          <dt>{MESSAGES.shell.portalVersion}</dt>
          <dd>{release.shellVersion}</dd>
        </div>
        {REMOTE_IDS.map((id) => {
          const r = release.remotes[id];
          if (!r) return null;
          const running = loadedBuild(id);
          return (
            <div key={id} className={styles.versionRow} data-remote={id} data-reason={r.reason}>
              <dt>{id}</dt>
              <dd>
                {r.version} <span className={styles.versionWhy}>({WHY[r.reason]})</span>
                {running && running !== r.version ? <span className={styles.versionWhy}> {MESSAGES.shell.runningBuild(running)}</span> : null}
                {r.note ? <span className={styles.versionNote}>{r.note}</span> : null}
              </dd>
            </div>
          );
        })}
      </dl>
    </Modal>
  );
}
