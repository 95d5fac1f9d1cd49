import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared-contracts';
import { aCompany, aLocation, anEmployerRow, pageOf } from '../../test/fixtures';
import { renderWithPlatform } from '../../test/render';
import { AllEmployersPage } from './all-employers-page';

function setup() {
  const rows = [
    anEmployerRow({ name: 'Acme Widgets Ltd', email: 'office@acme.example', phoneNumber: '7911123456' }),
    anEmployerRow({ name: 'Borealis Logistics', email: 'hr@borealis.example', isActive: false }),
  ];
  const company = aCompany({ id: rows[0]!.id, name: 'Acme Widgets Ltd', locations: [aLocation({ addressLine1: '1 High Street', town: 'Leeds' })] });
  return renderWithPlatform(<AllEmployersPage />, {
    session: { role: 'SuperAdmin' },
    handlers: {
      'employers.list': () => pageOf(rows, { totalCount: 23 }),
      'employers.get': () => ({ success: true, message: 'ok', company }),
    },
  });
}

describe('AllEmployersPage', () => {
  it('shows the count, the rows with calling code and phone, and the paging', async () => {
    const { callsTo } = setup();
    expect(await screen.findByRole('heading', { name: /All Employers \(23\)/ })).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Acme Widgets Ltd/ });
    expect(within(row).getByText('office@acme.example')).toBeInTheDocument();
    expect(within(row).getByText('+44 7911123456')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Borealis/ })).getByText('Deactivated')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByText(/can be reactivated and found through the filter/)).toBeInTheDocument();
    expect(callsTo('employers.list')[0]).toEqual({ query: { pageNumber: 1, pageSize: 10, status: 'All' } });
  });

  it("shows each company's trial or subscription", async () => {
    const rows = [
      anEmployerRow({ name: 'Trialling Ltd', subscription: { status: 'Trial', trialState: 'running', until: '2026-12-01T09:00:00.000Z', cancelAtPeriodEnd: false } }),
      anEmployerRow({ name: 'Lapsed Ltd', subscription: { status: 'Trial', trialState: 'ended', until: '2026-11-01T09:00:00.000Z', cancelAtPeriodEnd: false } }),
      anEmployerRow({ name: 'Read Only Ltd', subscription: { status: 'Trial', trialState: 'restricted', until: '2026-09-01T09:00:00.000Z', cancelAtPeriodEnd: false } }),
      anEmployerRow({ name: 'Paying Ltd' }),
      anEmployerRow({ name: 'Leaving Ltd', subscription: { status: 'Active', trialState: null, until: '2026-12-15T00:00:00.000Z', cancelAtPeriodEnd: true } }),
      anEmployerRow({ name: 'Gone Ltd', subscription: { status: 'Cancelled', trialState: null, until: '2026-10-15T00:00:00.000Z', cancelAtPeriodEnd: true } }),
      anEmployerRow({ name: 'Setting Up Ltd', signUpState: 1, subscription: null }),
    ];
    renderWithPlatform(<AllEmployersPage />, { session: { role: 'SuperAdmin' }, handlers: { 'employers.list': () => pageOf(rows) } });
    const S = MESSAGES.billing.summary;
    expect(await screen.findByRole('columnheader', { name: S.column })).toBeInTheDocument();
    const badge = (name: string, text: string) => within(screen.getByRole('row', { name: new RegExp(name) })).getByText(text);
    expect(badge('Trialling', S.trial('01/12/2026'))).toHaveClass('info');
    expect(badge('Lapsed', S.trialEnded('01/11/2026'))).toHaveClass('warning');
    expect(badge('Read Only', S.restricted)).toHaveClass('danger');
    expect(badge('Paying', S.active)).toHaveClass('success');
    expect(badge('Leaving', S.ending('15/12/2026'))).toHaveClass('warning');
    expect(badge('Gone', S.cancelled)).toBeInTheDocument();
    expect(badge('Setting Up', S.none)).toBeInTheDocument();
  });

  it('searches and filters on the server', async () => {
    const { user, callsTo } = setup();
    await screen.findByRole('row', { name: /Acme/ });
    await user.type(screen.getByRole('searchbox', { name: 'Search employers' }), 'acme');
    await waitFor(() => expect(callsTo('employers.list').at(-1)).toEqual({ query: { pageNumber: 1, pageSize: 10, status: 'All', search: 'acme' } }));
    // One request for the settled text, not one per keystroke.
    expect(callsTo('employers.list').filter((c) => (c as { query: { search?: string } }).query.search !== undefined)).toHaveLength(1);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter' }), 'Deactivated');
    await waitFor(() =>
      expect(callsTo('employers.list').at(-1)).toEqual({ query: { pageNumber: 1, pageSize: 10, status: 'Deactivated', search: 'acme' } }),
    );
  });

  it('pages through the list and starts again from page 1 on a new filter', async () => {
    const { user, callsTo } = setup();
    await screen.findByRole('row', { name: /Acme/ });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(callsTo('employers.list').at(-1)).toMatchObject({ query: { pageNumber: 2 } }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter' }), 'Active');
    await waitFor(() => expect(callsTo('employers.list').at(-1)).toEqual({ query: { pageNumber: 1, pageSize: 10, status: 'Active' } }));
  });

  it('See more opens the employer modal with the first address', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'See more about Acme Widgets Ltd' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByLabelText('AddressLine1')).toHaveValue('1 High Street');
    expect(within(dialog).getByLabelText('Town')).toHaveValue('Leeds');
    expect(within(dialog).getByText('AW')).toBeInTheDocument();
  });
});

describe('AllEmployersPage without results', () => {
  it('says no employers were found', async () => {
    const { MESSAGES } = await import('@portal/shared-contracts');
    renderWithPlatform(<AllEmployersPage />, { handlers: { 'employers.list': () => pageOf([]) } });
    expect(await screen.findByText(MESSAGES.employers.none)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /All Employers \(0\)/ })).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });
});
