import { LoadFailed, Loading, LoadState } from '@portal/shared-ui/data-display';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { ROUTES } from '@portal/shared-contracts/routes';
import { serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import { SignUpState } from '@portal/shared-contracts/constants';
import type { AccountCompletedPageProps } from '@portal/shared-contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useCompleteSetupMutation } from '../../api/complete-setup';
import { useCompany } from '../../api/get-company';
import { OptionTile } from './option-tile';
import styles from './account-completed-page.module.css';

/**
 * The end of setup: where to go next. Every way of finishing step 3 (an import, a copied link, added
 * employees, "Add Employees Later") leads here, and arriving here while step 3 is open completes the
 * setup on the server (sign-up state 2 -> 3), so that the next login lands on the dashboard.
 */
export function AccountCompletedPage({ companyId }: AccountCompletedPageProps) {
  const platform = usePlatform();
  const id = companyId ?? platform.session?.employerId ?? null;
  const company = useCompany(id);
  const complete = useCompleteSetupMutation();
  const { auth, toast } = platform;
  /** The server's answer is in the session: the next steps may be taken. */
  const [completed, setCompleted] = useState(false);

  const finish = useCallback(async () => {
    if (!id) return;
    try {
      const answer = await complete.mutateAsync(id);
      auth.updateSession({ signUpState: answer.signUpState });
      setCompleted(true);
    } catch (error) {
      toast.error(serverMessage(error, MESSAGES.setup.proceedFailed));
    }
  }, [id, complete, auth, toast]);

  const finishing = platform.session?.signUpState === SignUpState.SetUpEmployee;
  const started = useRef(false);
  useEffect(() => {
    if (!finishing || started.current) return;
    started.current = true;
    void finish();
  }, [finishing, finish]);

  if (complete.isError) return <LoadFailed title={MESSAGES.setup.proceedFailed} onRetry={() => void finish()} />;
  // Until the server has completed the setup and the session says so, nothing here says it is set up
  // and no next step is offered: the company, already known from the sign-in, would otherwise draw the
  // page for the frames before the completion starts, and a next step taken then (a click, or a
  // visit to the login page) is sent back to step 3 by the session that still says step 3.
  if (complete.isPending || (finishing && !completed && id)) return <Loading label={MESSAGES.setup.completing} />;

  const name = company.data?.name;
  const go = (path: string) => () => platform.navigate(path);
  return (
    <LoadState query={company} loadingLabel={MESSAGES.company.loading} failedText={MESSAGES.company.loadFailed}>
      <main className={styles.page}>
        <div className={styles.inner}>
          <div className={styles.check} aria-hidden="true">
            <svg viewBox="0 0 24 24" width="36" height="36" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
              <path d="M5 12.5l4.5 4.5L19 7.5" />
            </svg>
          </div>
          <h1 className={styles.title}>{MESSAGES.setup.completedTitle}</h1>
          {name ? <p className={styles.company}>{name}</p> : null}
          <p className={styles.intro}>{MESSAGES.setup.completedIntro}</p>
          <nav className={styles.tiles} aria-label={MESSAGES.setup.nextSteps}>
            <OptionTile title={MESSAGES.labels.employerNav[0]} text={MESSAGES.setup.nextStepTexts[0]} onSelect={go(ROUTES.mainPage)} />
            <OptionTile title={MESSAGES.labels.employerNav[1]} text={MESSAGES.setup.nextStepTexts[1]} onSelect={go(ROUTES.companySettings)} />
            <OptionTile title={MESSAGES.labels.employerNav[2]} text={MESSAGES.setup.nextStepTexts[2]} onSelect={go(ROUTES.employeeManagement)} />
          </nav>
        </div>
      </main>
    </LoadState>
  );
}
