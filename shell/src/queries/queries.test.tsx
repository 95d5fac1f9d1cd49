import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { useQueryClient } from '@tanstack/react-query';
import { companyQueryKey } from '@portal/shared-contracts/constants';
import type { Company } from '@portal/shared-contracts/entities';
import { employerCompany } from '../test/render-shell';
import { createQueries } from './queries';
import { createQueryLayer } from './query-layer';

function CacheSize() {
  return <p>{useQueryClient().getQueryCache().getAll().length} queries</p>;
}

describe('the page’s query cache', () => {
  it('is not fetched for a module that does not use queries (the login page)', async () => {
    const load = vi.fn(async () => ({ createQueryLayer }));
    const queries = createQueries({ needed: () => false, load });
    expect(await queries.providerFor()).toBeNull();
    expect(load).not.toHaveBeenCalled();
    queries.clear();
  });

  it('is fetched ahead of the first module that uses it once someone is signed in', async () => {
    const load = vi.fn(async () => ({ createQueryLayer }));
    const queries = createQueries({ needed: () => false, load });
    queries.warm();
    expect(load).toHaveBeenCalledOnce();
    expect(await queries.providerFor()).not.toBeNull();
    expect(load).toHaveBeenCalledOnce();
  });

  it('is fetched once and shared by every module that uses queries, and emptied on clear', async () => {
    const load = vi.fn(async () => ({ createQueryLayer }));
    const queries = createQueries({ needed: () => true, load });
    const First = (await queries.providerFor())!;
    const Second = (await queries.providerFor())!;
    expect(load).toHaveBeenCalledOnce();
    const view = render(
      <First>
        <CacheSize />
      </First>,
    );
    expect(screen.getByText('0 queries')).toBeInTheDocument();
    view.unmount();
    // The same client under both providers: a query one module made is in the other's cache.
    let client: ReturnType<typeof useQueryClient> | undefined;
    function Grab() {
      client = useQueryClient();
      return null;
    }
    render(
      <Second>
        <Grab />
      </Second>,
    );
    await client!.prefetchQuery({ queryKey: ['k'], queryFn: async () => 1 });
    render(
      <First>
        <CacheSize />
      </First>,
    );
    expect(screen.getByText('1 queries')).toBeInTheDocument();
    queries.clear();
    expect(client!.getQueryCache().getAll()).toHaveLength(0);
  });

  it('holds the company the shell has just read before the first page’s query starts', async () => {
    const queries = createQueries({ needed: () => true });
    const company = employerCompany();
    // As at a restore: seeded before the page is rendered, then the page asks for its provider.
    queries.seedCompany(company as unknown as Company);
    const Provider = (await queries.providerFor())!;
    function CompanyName() {
      const cached = useQueryClient().getQueryData<{ name: string }>(companyQueryKey(company.id));
      return <p>{cached?.name ?? 'not cached'}</p>;
    }
    render(
      <Provider>
        <CompanyName />
      </Provider>,
    );
    expect(screen.getByText(company.name)).toBeInTheDocument();
  });
});
