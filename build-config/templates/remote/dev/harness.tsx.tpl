// Development only: renders this remote's page outside the shell against an in-memory api. Open
// /#/?state=error to see its failure.
import '@portal/shared-ui/tokens.css';
import { ApiError, type AnyEndpoint } from '@portal/shared-contracts';
import { createToastStore, Toaster } from '@portal/shared-ui';
import { createHarnessPlatform, mountHarness, PlatformProviders, toastInto } from '@portal/testing/harness';
import { companyAnswer } from '../src/test/fixtures';
import __PASCAL__Page from '../src/exposes/__NAME__-page';

const state = new URLSearchParams(location.hash.split('?')[1] ?? '').get('state');
const toasts = createToastStore();

async function handle(endpoint: AnyEndpoint): Promise<unknown> {
  await new Promise((r) => setTimeout(r, 150));
  if (state === 'error') throw new ApiError(500, 'Something went wrong on our side. Please try again later.');
  if (endpoint.id === 'employers.get') return companyAnswer('Acme Widgets Ltd');
  throw new ApiError(404, `${endpoint.id} is not answered by this harness.`);
}

const platform = createHarnessPlatform({
  call: handle,
  navigate: (to) => console.log('navigate', to),
  pathname: '__ROUTE__',
  query: '',
  toast: toastInto(toasts),
  release: { shellVersion: 'dev', contractsVersion: 'dev', remotes: {} },
  origin: location.origin,
});

mountHarness(
  <PlatformProviders platform={platform}>
    <__PASCAL__Page />
    <Toaster store={toasts} />
  </PlatformProviders>,
);
