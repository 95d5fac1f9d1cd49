import { MESSAGES, ROUTES, usePlatform, type AccountCompletedPageProps } from '@portal/shared-contracts';
import { useCompany } from '../../api/get-company';
import { PageState } from '../../shared/page-state';
import { OptionTile } from './option-tile';
import styles from './account-completed-page.module.css';

/** The end of setup: where to go next. */
export function AccountCompletedPage({ companyId }: AccountCompletedPageProps) {
  const platform = usePlatform();
  const id = companyId ?? platform.session?.employerId ?? null;
  const company = useCompany(id);

  const name = company.data?.name;
  const go = (path: string) => () => platform.navigate(path);

  return (
    <PageState query={company} loadingLabel="Loading company details">
      <main className={styles.page}>
        <div className={styles.inner}>
          <div className={styles.check} aria-hidden="true">
            <svg viewBox="0 0 24 24" width="36" height="36" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
              <path d="M5 12.5l4.5 4.5L19 7.5" />
            </svg>
          </div>
          <h1 className={styles.title}>Your account is set up</h1>
          {name ? <p className={styles.company}>{name}</p> : null}
          <p className={styles.intro}>Where would you like to go next?</p>
          <nav className={styles.tiles} aria-label="Next steps">
            <OptionTile title={MESSAGES.labels.employerNav[0]} text="See participation, journey groups and savings." onSelect={go(ROUTES.mainPage)} />
            <OptionTile title={MESSAGES.labels.employerNav[1]} text="Change company details, locations and incentives." onSelect={go(ROUTES.companySettings)} />
            <OptionTile title={MESSAGES.labels.employerNav[2]} text="Add, approve and manage your employees." onSelect={go(ROUTES.employeeManagement)} />
          </nav>
        </div>
      </main>
    </PageState>
  );
}
