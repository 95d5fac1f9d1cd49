import { useId, useState } from 'react';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { ROUTES } from '@portal/shared-contracts/routes';
import { usePlatform } from '@portal/shared-contracts/platform';
import { Button } from '@portal/shared-ui/form';
import { Card } from '@portal/shared-ui/data-display';
import { useCompanyControl, type InsightScopeQuery } from '../../shared/insight-scope';
import styles from './dashboard.module.css';

const COPY = MESSAGES.insights.gettingStarted;

/**
 * The dashboard of a company without a trip yet: instead of a flat chart on an empty axis, what to do
 * next. The sign-up link and the import are mfe-employees' own dialogs, shown in place; the company's
 * employer and admins get the buttons, a super admin reading the dashboard the words.
 */
export function GettingStarted({ scope }: { scope: InsightScopeQuery }) {
  const { RemoteSlot, navigate } = usePlatform();
  const { canManage } = useCompanyControl(scope);
  const [dialog, setDialog] = useState<'share' | 'import' | null>(null);
  const ids = { share: useId(), import: useId(), app: useId() };
  const close = (open: boolean) => (open ? undefined : setDialog(null));
  return (
    <Card title={COPY.title} aria-label={COPY.title} className={styles.panel}>
      <p className={styles.startIntro}>{COPY.intro}</p>
      <ol className={styles.steps}>
        <li className={styles.step} aria-labelledby={ids.share}>
          <h3 id={ids.share} className={styles.stepTitle}>
            {COPY.share.title}
          </h3>
          <p className={styles.stepText}>{COPY.share.text}</p>
          {canManage ? (
            <Button variant="secondary" size="sm" onClick={() => setDialog('share')}>
              {MESSAGES.labels.copyShareLinkShort}
            </Button>
          ) : null}
        </li>
        <li className={styles.step} aria-labelledby={ids.import}>
          <h3 id={ids.import} className={styles.stepTitle}>
            {COPY.import.title}
          </h3>
          <p className={styles.stepText}>{COPY.import.text}</p>
          {canManage ? (
            <Button variant="secondary" size="sm" onClick={() => setDialog('import')}>
              {COPY.import.action}
            </Button>
          ) : null}
        </li>
        <li className={styles.step} aria-labelledby={ids.app}>
          <h3 id={ids.app} className={styles.stepTitle}>
            {COPY.app.title}
          </h3>
          <p className={styles.stepText}>{COPY.app.text}</p>
        </li>
      </ol>
      {dialog === 'share' ? <RemoteSlot remote="mfe-employees" module="ShareLinkDialog" props={{ open: true, onOpenChange: close }} /> : null}
      {dialog === 'import' ? (
        <RemoteSlot
          remote="mfe-employees"
          module="ImportCsvDialog"
          props={{ open: true, onOpenChange: close, context: 'management', onDone: () => navigate(ROUTES.employeeManagement) }}
        />
      ) : null}
    </Card>
  );
}
