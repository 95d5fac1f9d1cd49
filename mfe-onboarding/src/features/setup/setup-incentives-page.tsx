import { LoadState } from '@portal/shared-ui/data-display';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { ROUTES } from '@portal/shared-contracts/routes';
import { usePlatform } from '@portal/shared-contracts/platform';
import { useCallback, useState } from 'react';
import { useIncentive } from '../../api/get-incentive';
import { IncentiveEditor } from '../../shared/company/incentive-editor';
import { SetupLayout } from './setup-layout';

const FORM_ID = 'setup-incentives-form';

/** Setup step 2: the incentive rules, submitted by Proceed (the editor has no button here). */
export function SetupIncentivesPage() {
  const platform = usePlatform();
  const companyId = platform.session?.employerId ?? null;
  const incentive = useIncentive(companyId);
  const [busy, setBusy] = useState(false);
  const onBusyChange = useCallback((b: boolean) => setBusy(b), []);

  return (
    <SetupLayout
      step={2}
      title={MESSAGES.setup.incentivesTitle}
      intro={MESSAGES.setup.incentivesIntro}
      onBack={() => platform.navigate(ROUTES.setupCompany)}
      proceed={{ form: FORM_ID, loading: busy }}
    >
      <LoadState query={incentive} loadingLabel={MESSAGES.company.loadingIncentives} failedText={MESSAGES.company.loadFailed}>
        <IncentiveEditor
          companyId={companyId}
          incentive={incentive.data ?? null}
          formId={FORM_ID}
          onBusyChange={onBusyChange}
          onSaved={() => platform.navigate(ROUTES.setupEmployees)}
        />
      </LoadState>
    </SetupLayout>
  );
}
