import { MESSAGES, usePlatform } from '@portal/shared-contracts';
// The remote's own copy of its entry: the contracts the shell shares were built before this remote existed.
import remotes from '@portal/shared-contracts/remotes.json' with { type: 'json' };
import { LoadState, Page } from '@portal/shared-ui/data-display';
import { useCompany } from '../../api/get-company';

/** __FEATURE__: the page at __ROUTE__. An employer's page starts by naming the company it works for. */
export function __PASCAL__Page() {
  const { session } = usePlatform();
  const employerId = session?.employerId ?? null;
  return <Page title={remotes['__ID__'].feature}>{employerId ? <Company id={employerId} /> : null}</Page>;
}

function Company({ id }: { id: string }) {
  const company = useCompany(id);
  return (
    <LoadState query={company} loadingLabel={MESSAGES.newRemote.loading} failedText={MESSAGES.newRemote.loadFailed}>
      {(answer) => <p>{MESSAGES.newRemote.company(answer.company.name)}</p>}
    </LoadState>
  );
}
