import { CopyField } from '@portal/shared-ui/data-display';
import { Modal } from '@portal/shared-ui/overlays';
import { employeeShareLink, MESSAGES, usePlatform, type DialogWidgetProps } from '@portal/shared-contracts';
import styles from './share-link-dialog.module.css';

const M = MESSAGES.employees;

/** The employee sign-up link of the signed-in company, with Copy Link (`onDone` once it is copied). */
export function ShareLinkDialog({ open, onOpenChange, onDone }: DialogWidgetProps) {
  const { origin, session, toast } = usePlatform();
  const companyId = session?.employerId ?? null;
  const link = companyId ? employeeShareLink(origin, companyId) : '';

  function onCopy(copied: boolean) {
    if (copied) {
      toast.success(M.linkCopied);
      onDone?.();
    } else {
      toast.error(M.linkCopyFailed);
    }
  }

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={MESSAGES.labels.copyShareLinkShort} description={M.shareLinkText}>
      {companyId ? (
        <CopyField label={M.shareLinkLabel} hideLabel value={link} copyLabel={M.copyLink} copiedLabel={M.copied} variant="primary" onCopy={onCopy} />
      ) : (
        <p className={styles.missing}>{M.shareLinkNoCompany}</p>
      )}
    </Modal>
  );
}
