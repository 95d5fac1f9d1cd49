import { MESSAGES } from '@portal/shared-contracts/messages';
import { ROUTES } from '@portal/shared-contracts/routes';
import { SignUpState } from '@portal/shared-contracts/constants';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { DialogWidgetProps } from '@portal/shared-contracts';
import { useState, type ReactNode } from 'react';
import { OptionTile } from './option-tile';
import { SetupLayout } from './setup-layout';
import styles from './setup-employees-page.module.css';

type OpenDialog = 'import' | 'share' | null;

/**
 * Setup step 3: how employees will join. Opening an option changes nothing; the step is finished by a
 * finished import, a share link closed after it was copied, employees added by hand (on their page) or
 * "Add Employees Later", and each leads to the account-completed page, which completes the setup.
 * Once the setup is complete, the options go where they do in the employer area instead.
 */
export function SetupEmployeesPage() {
  const platform = usePlatform();
  const { RemoteSlot } = platform;
  const companyId = platform.session?.employerId ?? null;
  const complete = (platform.session?.signUpState ?? SignUpState.SetUpCompany) >= SignUpState.SetUpComplete;
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [linkCopied, setLinkCopied] = useState(false);

  /** Step 3 is done: the account-completed page the first time, else `otherwise` (null: stay here). */
  const finish = (otherwise: string | null) => {
    if (!companyId) {
      platform.toast.error(MESSAGES.company.companyIdMissing);
      return;
    }
    const to = complete ? otherwise : ROUTES.accountCompletedFor(companyId);
    if (to) platform.navigate(to);
  };

  const dialogProps = (kind: Exclude<OpenDialog, null>, onDone?: () => void): DialogWidgetProps => ({
    open: dialog === kind,
    onOpenChange: (open) => setDialog(open ? kind : null),
    context: 'setup',
    ...(onDone ? { onDone } : {}),
  });

  const onShareOpenChange = (open: boolean) => {
    setDialog(open ? 'share' : null);
    // Sharing the link is a way of finishing setup once it has been copied; only looking at it is not.
    if (!open && linkCopied) finish(null);
  };

  const tiles: { key: string; title: string; text: string; icon: ReactNode; onSelect: () => void; opensDialog?: boolean }[] = [
    {
      key: 'import',
      title: MESSAGES.labels.importCsv,
      text: MESSAGES.setup.importText,
      icon: (
        <TileIcon>
          <path d="M12 16V4M7 9l5-5 5 5M4 16v3a1 1 0 001 1h14a1 1 0 001-1v-3" />
        </TileIcon>
      ),
      onSelect: () => setDialog('import'),
      opensDialog: true,
    },
    {
      key: 'share',
      title: MESSAGES.labels.copyShareLink,
      text: MESSAGES.setup.shareText,
      icon: (
        <TileIcon>
          <path d="M10 14a4 4 0 005.66 0l3-3a4 4 0 00-5.66-5.66l-1 1M14 10a4 4 0 00-5.66 0l-3 3a4 4 0 005.66 5.66l1-1" />
        </TileIcon>
      ),
      onSelect: () => setDialog('share'),
      opensDialog: true,
    },
    {
      key: 'manual',
      title: MESSAGES.labels.manuallyAddEmployees,
      text: MESSAGES.setup.manualText,
      icon: (
        <TileIcon>
          <circle cx="12" cy="8" r="4" />
          <path d="M4 20c0-4 4-6 8-6s8 2 8 6M19 4v4M17 6h4" />
        </TileIcon>
      ),
      onSelect: () => platform.navigate(ROUTES.addManually),
    },
    {
      key: 'later',
      title: MESSAGES.labels.addEmployeesLater,
      text: MESSAGES.setup.laterText,
      icon: (
        <TileIcon>
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7v5l3 2" />
        </TileIcon>
      ),
      onSelect: () => finish(ROUTES.companySettings),
    },
  ];

  return (
    <SetupLayout
      step={3}
      title={MESSAGES.setup.employeesTitle}
      intro={MESSAGES.setup.employeesIntro}
      onBack={() => platform.navigate(ROUTES.setupIncentives)}
    >
      <div className={styles.tiles}>
        {tiles.map((t) => (
          <OptionTile key={t.key} title={t.title} text={t.text} icon={t.icon} onSelect={t.onSelect} opensDialog={t.opensDialog} />
        ))}
      </div>
      {dialog === 'import' ? (
        <RemoteSlot
          remote="mfe-employees"
          module="ImportCsvDialog"
          props={{ ...dialogProps('import', () => finish(ROUTES.employeeManagement)) }}
        />
      ) : null}
      {dialog === 'share' ? (
        <RemoteSlot
          remote="mfe-employees"
          module="ShareLinkDialog"
          props={{ ...dialogProps('share', () => setLinkCopied(true)), onOpenChange: onShareOpenChange }}
        />
      ) : null}
    </SetupLayout>
  );
}

/** The frame of the option tiles' line icons. */
function TileIcon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}
