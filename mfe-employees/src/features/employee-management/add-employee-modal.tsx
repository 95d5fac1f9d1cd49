import { useState, type ReactNode } from 'react';
import { Modal } from '@portal/shared-ui/overlays';
import { employees as employeesEndpoints } from '@portal/shared-contracts/endpoints';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { ROUTES } from '@portal/shared-contracts/routes';
import { usePlatform } from '@portal/shared-contracts/platform';
import { mayCall } from '@portal/shared-contracts/scheme';
import { ImportCsvDialog } from '../../shared/import-csv-dialog';
import { ShareLinkDialog } from '../../shared/share-link-dialog';
import styles from './employee-management.module.css';

/**
 * The three ways in: CSV import, the shared sign-up link, manual rows. An admin limited to some offices
 * gets the links of their offices only: the import and the manual rows are closed to them (decision 0053).
 */
export function AddEmployeeModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { navigate, session } = usePlatform();
  const mayImport = mayCall(session?.offices, [employeesEndpoints.csvImport.id]);
  const mayAdd = mayCall(session?.offices, [employeesEndpoints.bulkAdd.id]);
  const [dialog, setDialog] = useState<'csv' | 'link' | null>(null);

  function choose(next: 'csv' | 'link') {
    onOpenChange(false);
    setDialog(next);
  }

  return (
    <>
      <Modal open={open} onOpenChange={onOpenChange} title={MESSAGES.labels.addEmployee} description={MESSAGES.employees.addIntro} size="lg">
        <div className={styles.options}>
          {mayImport ? <Option title={MESSAGES.labels.importCsv} text={MESSAGES.employees.addImportText} icon={<UploadIcon />} onClick={() => choose('csv')} /> : null}
          <Option title={MESSAGES.labels.copyShareLinkShort} text={MESSAGES.employees.addShareText} icon={<LinkIcon />} onClick={() => choose('link')} />
          {mayAdd ? (
            <Option
              title={MESSAGES.labels.addManually}
              text={MESSAGES.employees.addManualText}
              icon={<PencilIcon />}
              onClick={() => {
                onOpenChange(false);
                navigate(ROUTES.addManually);
              }}
            />
          ) : null}
        </div>
      </Modal>
      {mayImport ? <ImportCsvDialog open={dialog === 'csv'} onOpenChange={(o) => setDialog(o ? 'csv' : null)} context="management" /> : null}
      <ShareLinkDialog open={dialog === 'link'} onOpenChange={(o) => setDialog(o ? 'link' : null)} />
    </>
  );
}

function Option({ title, text, icon, onClick }: { title: string; text: string; icon: ReactNode; onClick: () => void }) {
  return (
    <button type="button" className={styles.option} onClick={onClick}>
      <span className={styles.optionIcon}>{icon}</span>
      <span className={styles.optionTitle}>{title}</span>
      <span className={styles.optionText}>{text}</span>
    </button>
  );
}

const iconProps = {
  width: 28,
  height: 28,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

function UploadIcon() {
  return (
    <svg {...iconProps}>
      <path d="M12 15V4M7 9l5-5 5 5M4 15v4a1 1 0 001 1h14a1 1 0 001-1v-4" />
    </svg>
  );
}
function LinkIcon() {
  return (
    <svg {...iconProps}>
      <path d="M10 14a4 4 0 005.7 0l3-3a4 4 0 00-5.7-5.7l-1 1M14 10a4 4 0 00-5.7 0l-3 3a4 4 0 005.7 5.7l1-1" />
    </svg>
  );
}
function PencilIcon() {
  return (
    <svg {...iconProps}>
      <path d="M4 20h4L19 9l-4-4L4 16v4zM13 7l4 4" />
    </svg>
  );
}
