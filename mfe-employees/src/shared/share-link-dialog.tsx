import { CopyField } from '@portal/shared-ui/data-display';
import { Spinner } from '@portal/shared-ui/form';
import { Modal } from '@portal/shared-ui/overlays';
import { employeeShareLink } from '@portal/shared-contracts/routes';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import type { DialogWidgetProps } from '@portal/shared-contracts';
import { useOffices } from '@portal/shared-ui/data';
import styles from './share-link-dialog.module.css';

const M = MESSAGES.employees;

/**
 * The employee sign-up link of the signed-in company, then one per office (who joins through it
 * lands in that office), each with Copy Link (`onDone` once one is copied). An admin limited to some
 * offices gets their offices' links only (decision 0053): who joins through the company's link lands
 * in "No office", and through another office's link in that office, neither of which they manage.
 */
export function ShareLinkDialog({ open, onOpenChange, onDone }: DialogWidgetProps) {
  const { origin, session, toast } = usePlatform();
  const companyId = session?.employerId ?? null;
  const link = companyId ? employeeShareLink(origin, companyId) : '';
  const mine = session?.offices ?? null;

  function onCopy(copied: boolean) {
    if (copied) {
      toast.success(M.linkCopied);
      onDone?.();
    } else {
      toast.error(M.linkCopyFailed);
    }
  }

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={MESSAGES.labels.copyShareLinkShort} description={mine ? M.myOfficeLinksText : M.shareLinkText}>
      {!companyId ? (
        <p className={styles.missing}>{M.shareLinkNoCompany}</p>
      ) : mine ? (
        open ? <OfficeLinks companyId={companyId} origin={origin} onCopy={onCopy} only={mine} /> : null
      ) : (
        <>
          <CopyField label={M.shareLinkLabel} hideLabel value={link} copyLabel={M.copyLink} copiedLabel={M.copied} variant="primary" onCopy={onCopy} />
          {open ? <OfficeLinks companyId={companyId} origin={origin} onCopy={onCopy} /> : null}
        </>
      )}
    </Modal>
  );
}

interface OfficeLinksProps {
  companyId: string;
  origin: string;
  onCopy: (copied: boolean) => void;
  /** An office admin's offices: theirs are the only links, standing alone. */
  only?: readonly string[];
}

/** A link per office of the company (the company's own link above stands without them), or per office of an office admin's. */
function OfficeLinks({ companyId, origin, onCopy, only }: OfficeLinksProps) {
  const offices = useOffices(companyId);
  const shown = only && offices.data ? offices.data.filter((o) => only.includes(o.id)) : offices.data;
  if (!only && shown?.length === 0) return null;
  return (
    <section className={only ? styles.myOffices : styles.offices} aria-labelledby="office-links-title" aria-busy={offices.isPending}>
      <h3 id="office-links-title" className={styles.officesTitle}>
        {M.officeLinksTitle}
      </h3>
      {only ? null : <p className={styles.officesText}>{M.officeLinksText}</p>}
      {offices.isPending ? (
        <Spinner label={M.officeLinksLoading} />
      ) : offices.isError ? (
        <p role="alert" className={styles.error}>
          {serverMessage(offices.error, MESSAGES.common.unknownError)}
        </p>
      ) : shown && shown.length > 0 ? (
        <ul className={styles.officeList}>
          {shown.map((o) => (
            <li key={o.id}>
              <CopyField label={o.label} value={employeeShareLink(origin, companyId, o.id)} copyLabel={M.copyLink} copiedLabel={M.copied} onCopy={onCopy} />
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.missing}>{M.myOfficeLinksNone}</p>
      )}
    </section>
  );
}
