import { LoadState } from '@portal/shared-ui/data-display';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { ROUTES } from '@portal/shared-contracts/routes';
import { usePlatform } from '@portal/shared-contracts/platform';
import type { Company, SetupCompanyPageProps } from '@portal/shared-contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { companyQueryOptions } from '@portal/shared-ui/data';
import { useCompany } from '../../api/get-company';
import { CompanyDetailsForm } from '../../shared/company/company-details-form';
import { LocationsSection } from '../../shared/company/locations-section';
import { useSyncCompanyDetails } from '../../shared/company/use-sync-company-details';
import { SetupLayout } from './setup-layout';

/** Setup step 1: company details (add or edit mode) and office locations; the company is the route's (/setup-company/{id}), else the session's. */
export function SetupCompanyPage({ companyId }: SetupCompanyPageProps) {
  const platform = usePlatform();
  const qc = useQueryClient();
  // The id of a company created here: used until the route (/setup-company/{id}) catches up.
  const [createdId, setCreatedId] = useState<string | null>(null);
  const id = companyId ?? createdId ?? platform.session?.employerId ?? null;
  const company = useCompany(id);
  useSyncCompanyDetails(company.data);
  const [dirty, setDirty] = useState(false);
  const [proceeding, setProceeding] = useState(false);
  const onDirtyChange = useCallback((d: boolean) => setDirty(d), []);

  const onSaved = (saved: Company, created: boolean) => {
    if (created || saved.id !== id) {
      setCreatedId(saved.id);
      platform.navigate(ROUTES.setupCompanyWithId(saved.id));
    }
  };

  const proceed = async () => {
    const current = company.data;
    // Saved means the session's saved flag is up (set by a save in this tab) or the company already
    // exists on the server from an earlier visit, and the form holds no edits made since.
    const saved = (platform.savedFlag.get() || current !== undefined) && !dirty;
    if (!current || !saved) {
      platform.toast.error(MESSAGES.setup.saveFirst);
      return;
    }
    setProceeding(true);
    try {
      // Read the company again: its locations and sign-up state are what the server holds now.
      const fresh = await qc.fetchQuery({ ...companyQueryOptions(platform.api, current.id), staleTime: 0 });
      if (fresh.locations.length === 0) {
        platform.toast.error(MESSAGES.setup.addLocation);
        return;
      }
      platform.auth.updateSession({ signUpState: fresh.signUpState, companyDetails: fresh, employerId: fresh.id });
      platform.navigate(ROUTES.setupIncentives);
    } catch {
      platform.toast.error(MESSAGES.setup.proceedFailed);
    } finally {
      setProceeding(false);
    }
  };

  const data = company.data ?? null;

  return (
    <SetupLayout
      step={1}
      title={MESSAGES.setup.companyTitle}
      intro={MESSAGES.setup.companyIntro}
      onBack={() => platform.navigate(ROUTES.login)}
      proceed={{ onClick: () => void proceed(), loading: proceeding }}
    >
      <LoadState query={company} loadingLabel={MESSAGES.company.loading} failedText={MESSAGES.company.loadFailed}>
        <CompanyDetailsForm key={data?.id ?? 'new'} company={data} onSaved={onSaved} onDirtyChange={onDirtyChange} />
        <LocationsSection key={`locations-${data?.id ?? 'new'}`} company={data} />
      </LoadState>
    </SetupLayout>
  );
}
