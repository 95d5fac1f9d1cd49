import { MESSAGES, REMOTE_IDS, usePlatform } from '@portal/shared-contracts';
import { Modal } from '@portal/shared-ui';
import styles from './layout.module.css';

/** Help & Support: who to contact, and the exact versions in force (what support asks first). */
export function HelpDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { release, session } = usePlatform();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={MESSAGES.labels.helpSupport} size="sm">
      <p className={styles.helpText}>
        Questions about the scheme, your account or your company’s data? Contact your scheme administrator
        {session?.email ? ` and mention the account ${session.email}` : ''}.
      </p>
      <dl className={styles.versions}>
        <div className={styles.versionRow}>
          <dt>Portal</dt>
          <dd>{release.shellVersion}</dd>
        </div>
        {REMOTE_IDS.map((id) => {
          const r = release.remotes[id];
          return r ? (
            <div key={id} className={styles.versionRow}>
              <dt>{id}</dt>
              <dd>
                {r.version}
                {r.reason !== 'stable' ? ` (${r.reason})` : ''}
              </dd>
            </div>
          ) : null;
        })}
      </dl>
    </Modal>
  );
}
