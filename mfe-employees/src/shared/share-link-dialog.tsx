import { CopyField } from '@portal/shared-ui/data-display';
import { Spinner } from '@portal/shared-ui/form';
import { Modal } from '@portal/shared-ui/overlays';
import { employeeShareLink, MESSAGES, serverMessage, usePlatform, type DialogWidgetProps } from '@portal/shared-contracts';
import { useOffices } from '@portal/shared-ui/data';
import styles from './share-link-dialog.module.css';

const M = MESSAGES.employees;

/**
 * The employee sign-up link of the signed-in company, then one per office (who joins through it
 * lands in that office), each with Copy Link (`onDone` once one is copied).
 */
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
        <>
          <CopyField label={M.shareLinkLabel} hideLabel value={link} copyLabel={M.copyLink} copiedLabel={M.copied} variant="primary" onCopy={onCopy} />
          {open ? <OfficeLinks companyId={companyId} origin={origin} onCopy={onCopy} /> : null}
        </>
      ) : (
        <p className={styles.missing}>{M.shareLinkNoCompany}</p>
      )}
    </Modal>
  );
}

/** A link per office of the company; the company's own link above stands without them. */
function OfficeLinks({ companyId, origin, onCopy }: { companyId: string; origin: string; onCopy: (copied: boolean) => void }) {
  const offices = useOffices(companyId);
  if (offices.data?.length === 0) return null;
  return (
    <section className={styles.offices} aria-labelledby="office-links-title" aria-busy={offices.isPending}>
      <h3 id="office-links-title" className={styles.officesTitle}>
        {M.officeLinksTitle}
      </h3>
      <p className={styles.officesText}>{M.officeLinksText}</p>
      {offices.isPending ? (
        <Spinner label={M.officeLinksLoading} />
      ) : offices.isError ? (
        <p role="alert" className={styles.error}>
          {serverMessage(offices.error, MESSAGES.common.unknownError)}
        </p>
      ) : (
        <ul className={styles.officeList}>
          {offices.data.map((o) => (
            <li key={o.id}>
              <CopyField label={o.label} value={employeeShareLink(origin, companyId, o.id)} copyLabel={M.copyLink} copiedLabel={M.copied} onCopy={onCopy} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
