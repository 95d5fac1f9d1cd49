import { useState } from 'react';
import { isPreviewRefusal, PREVIEW_LEAVE_PATH, PREVIEW_MESSAGES as P } from '@portal/shared-contracts/release-preview';
import styles from './override-banner.module.css';

export interface PreviewInForce {
  remote: string;
  version: string;
  until: string;
}

/** The end of a preview as the viewer's clock reads it, with the day: a link may last a month. */
const endOf = (until: string) => new Date(until).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Always visible while this browser is in a preview link (docs/decisions/0046), so nobody mistakes
 * the previewed build for the release; "Leave preview" asks the portal server to clear its cookie
 * (HttpOnly: the page cannot). A link the portal refused says why, and that nothing unusual loaded.
 */
export function PreviewBanner({ preview, refused }: { preview: PreviewInForce | null; refused: string | null }) {
  const [dismissed, setDismissed] = useState(false);
  const reason = isPreviewRefusal(refused) ? refused : null;
  if (preview) {
    return (
      <div className={styles.banner} role="status" data-testid="preview-banner">
        <span>{P.banner(preview.remote, preview.version, endOf(preview.until))}</span>
        <a className={styles.reset} href={PREVIEW_LEAVE_PATH}>
          {P.leave}
        </a>
      </div>
    );
  }
  if (!reason || dismissed) return null;
  return (
    <div className={styles.banner} role="alert" data-testid="preview-refused">
      <span>{P.refused[reason]}</span>
      <button type="button" className={styles.reset} onClick={() => setDismissed(true)}>
        {P.dismiss}
      </button>
    </div>
  );
}
