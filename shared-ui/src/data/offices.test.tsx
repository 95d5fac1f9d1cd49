import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PlatformContext, type Company, type Platform } from '@portal/shared-contracts';
import { companyQueryKey } from '@portal/shared-contracts/constants';
import { usePlatform } from '@portal/shared-contracts/platform';
import { companyQueryOptions } from './company';
import { useOfficeLabels, useOffices } from './offices';

const COMPANY = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Acme',
  email: 'hello@acme.test',
  locations: [
    { id: 'l1', addressLine1: '1 High Street', town: 'Leeds' },
    { id: 'l2', addressLine1: '2 Low Road', town: 'York' },
  ],
} as unknown as Company;

// The shell's cache keeps an answer fresh for 30 s (shell/src/queries/query-layer.tsx).
function setup(client: QueryClient) {
  const call = vi.fn(async () => ({ success: true, company: COMPANY }));
  const platform = { api: { call } } as unknown as Platform;
  const wrap = (ui: ReactNode) =>
    render(
      <PlatformContext.Provider value={platform}>
        <QueryClientProvider client={client}>{ui}</QueryClientProvider>
      </PlatformContext.Provider>,
    );
  return { call, wrap };
}

/** A page as company settings is: the company's details and an office select, side by side. */
function SettingsLike() {
  return (
    <>
      <CompanyName />
      <OfficeList />
      <OfficeColumn />
    </>
  );
}
function CompanyName() {
  const { api } = usePlatform();
  const company = useQuery(companyQueryOptions(api, COMPANY.id));
  return <h1>{company.data?.name ?? '…'}</h1>;
}
function OfficeList() {
  const offices = useOffices(COMPANY.id);
  return <ul aria-label="offices">{(offices.data ?? []).map((o) => <li key={o.id}>{o.label}</li>)}</ul>;
}
function OfficeColumn() {
  const labels = useOfficeLabels([COMPANY.id, COMPANY.id]);
  return <p data-testid="column">{labels.get('l2') ?? ''}</p>;
}

describe('a company and its offices', () => {
  it('are read with one call, whichever of the page’s parts asks first', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    const { call, wrap } = setup(client);
    wrap(<SettingsLike />);
    expect(await screen.findByRole('heading', { name: 'Acme' })).toBeInTheDocument();
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByTestId('column')).toHaveTextContent('2 Low Road, York');
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('are not asked for when the shell has just read the company', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    client.setQueryData(companyQueryKey(COMPANY.id), COMPANY);
    const { call, wrap } = setup(client);
    wrap(<SettingsLike />);
    expect((await screen.findAllByRole('listitem')).map((li) => li.textContent)).toEqual(['1 High Street, Leeds', '2 Low Road, York']);
    expect(screen.getByRole('heading', { name: 'Acme' })).toBeInTheDocument();
    expect(call).not.toHaveBeenCalled();
  });
});
