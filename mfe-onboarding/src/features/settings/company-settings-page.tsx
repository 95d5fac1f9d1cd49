import { COMPANY_SETTINGS_TABS, ROUTES } from '@portal/shared-contracts/routes';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { CompanySettingsPageProps, CompanySettingsTab } from '@portal/shared-contracts';
import { LoadState, Page, Tabs } from '@portal/shared-ui/data-display';
import { useEffect, useState } from 'react';
import { useCompany } from '../../api/get-company';
import { useIncentive } from '../../api/get-incentive';
import { CompanyDetailsForm, type CompanyFormInput } from '../../shared/company/company-details-form';
import { IncentiveEditor } from '../../shared/company/incentive-editor';
import { LocationsSection } from '../../shared/company/locations-section';
import { useSyncCompanyDetails } from '../../shared/company/use-sync-company-details';
import { MonthlyReportsCard } from './monthly-reports-card';
import { ReportingCard } from './reporting-card';
import { FreezeTab } from './freeze-tab';
import { SsoTab } from './sso-tab';
import styles from './company-settings-page.module.css';

function asTab(value: string | null | undefined): CompanySettingsTab | undefined {
  return COMPANY_SETTINGS_TABS.find((t) => t === value);
}

/**
 * Company Settings: Company Details (details + locations) and Incentives tabs, chosen by `?tab=`.
 * Unsaved company details survive a switch to the other tab and back; leaving the page with them asks
 * first (the shell's `holdNavigation`).
 */
export function CompanySettingsPage({ tab }: CompanySettingsPageProps) {
  const platform = usePlatform();
  const { holdNavigation } = platform;
  const fromUrl = tab ?? asTab(platform.location.query.get('tab'));
  const [current, setCurrent] = useState<CompanySettingsTab>(fromUrl ?? 'Company Details');
  const [detailsDirty, setDetailsDirty] = useState(false);
  const [draft, setDraft] = useState<CompanyFormInput | null>(null);

  // Links such as the dashboard's incentive figures change the query while the page is open.
  useEffect(() => {
    if (fromUrl) setCurrent(fromUrl);
  }, [fromUrl]);

  const unsaved = detailsDirty || draft !== null;
  useEffect(() => (unsaved ? holdNavigation?.(MESSAGES.company.unsavedDetails) : undefined), [unsaved, holdNavigation]);

  const onTabChange = (value: string) => {
    const next = asTab(value);
    if (!next) return;
    setCurrent(next);
    if (!tab) platform.navigate(`${ROUTES.companySettings}?tab=${encodeURIComponent(next)}`, { replace: true });
  };

  return (
    <Page title={MESSAGES.labels.employerNav[1]} className={styles.page}>
      <Tabs
        label={MESSAGES.company.settingsLabel}
        value={current}
        onValueChange={onTabChange}
        items={[
          {
            value: COMPANY_SETTINGS_TABS[0],
            label: MESSAGES.labels.companySettingsTabs[0],
            content: <CompanyDetailsTab draft={draft} keepDraft={setDraft} onDirtyChange={setDetailsDirty} />,
          },
          { value: COMPANY_SETTINGS_TABS[1], label: MESSAGES.labels.companySettingsTabs[1], content: <IncentivesTab /> },
          { value: COMPANY_SETTINGS_TABS[2], label: MESSAGES.labels.companySettingsTabs[2], content: <SsoTab /> },
          { value: COMPANY_SETTINGS_TABS[3], label: MESSAGES.labels.companySettingsTabs[3], content: <FreezeTab /> },
        ]}
      />
    </Page>
  );
}

interface CompanyDetailsTabProps {
  draft: CompanyFormInput | null;
  keepDraft: (draft: CompanyFormInput | null) => void;
  onDirtyChange: (dirty: boolean) => void;
}

function CompanyDetailsTab({ draft, keepDraft, onDirtyChange }: CompanyDetailsTabProps) {
  const platform = usePlatform();
  const id = platform.session?.employerId ?? null;
  const company = useCompany(id);
  useSyncCompanyDetails(company.data);
  const data = company.data ?? null;
  return (
    <LoadState query={company} loadingLabel={MESSAGES.company.loading} failedText={MESSAGES.company.loadFailed}>
      <div className={styles.stack}>
        <section className={styles.card} aria-labelledby="company-details-heading">
          <h2 id="company-details-heading" className={styles.heading}>
            {MESSAGES.company.detailsHeading}
          </h2>
          <CompanyDetailsForm
            key={data?.id ?? 'new'}
            company={data}
            warnWhenDirty
            draft={draft}
            keepDraft={keepDraft}
            onDirtyChange={onDirtyChange}
          />
        </section>
        <div className={styles.card}>
          <LocationsSection key={`locations-${data?.id ?? 'new'}`} company={data} />
        </div>
        <ReportingCard companyId={data?.id ?? null} />
        <MonthlyReportsCard companyId={data?.id ?? null} />
      </div>
    </LoadState>
  );
}

function IncentivesTab() {
  const platform = usePlatform();
  const id = platform.session?.employerId ?? null;
  const incentive = useIncentive(id);
  return (
    <LoadState query={incentive} loadingLabel={MESSAGES.company.loadingIncentives} failedText={MESSAGES.company.loadFailed}>
      <section className={styles.card} aria-labelledby="incentives-heading">
        <h2 id="incentives-heading" className={styles.heading}>
          {MESSAGES.company.incentivesHeading}
        </h2>
        <IncentiveEditor companyId={id} incentive={incentive.data ?? null} formId="company-settings-incentives" showSave />
      </section>
    </LoadState>
  );
}
