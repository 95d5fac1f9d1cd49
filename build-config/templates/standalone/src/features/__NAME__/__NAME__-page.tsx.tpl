import { MESSAGES, usePlatform } from '@portal/shared-contracts';
import { LoadState, Page } from '@portal/shared-ui/data-display';
// This remote's entry: the packed contracts do not know it (it is built outside the portal's repository).
import remote from '../../../remote.json' with { type: 'json' };
import { useCompany } from '../../api/get-company';

/** __FEATURE__: the page at __ROUTE__. An employer's page starts by naming the company it works for. */
export function __PASCAL__Page() {
  const { session } = usePlatform();
  const employerId = session?.employerId ?? null;
  return <Page title={remote.feature}>{employerId ? <Company id={employerId} /> : null}</Page>;
}

function Company({ id }: { id: string }) {
  const company = useCompany(id);
  return (
    <LoadState query={company} loadingLabel={MESSAGES.newRemote.loading} failedText={MESSAGES.newRemote.loadFailed}>
      {(answer) => <p>{MESSAGES.newRemote.company(answer.company.name)}</p>}
    </LoadState>
  );
}
