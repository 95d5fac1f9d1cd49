import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared-contracts';
import { emailShown } from '@portal/testing';
import { aCompany, aLocation, anEmployerRow, pageOf } from '../../test/fixtures';
import { renderWithPlatform } from '../../test/render';
import { AllEmployersPage } from './all-employers-page';

function setup() {
  const rows = [
    anEmployerRow({ name: 'Acme Widgets Ltd', email: 'office@acme.example', phoneNumber: '+44 0113 496 0123' }),
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
  it('shows the count, the rows with the phone in its country’s own format, and the paging', async () => {
    const { callsTo } = setup();
    expect(await screen.findByRole('heading', { name: /All Employers \(23\)/ })).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Acme Widgets Ltd/ });
    expect(within(row).getByText(emailShown('office@acme.example'))).toBeInTheDocument();
    // A GB company's number as the UK writes it: no "+44 0".
    expect(await within(row).findByText('0113 496 0123')).toBeInTheDocument();
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
    expect(await within(dialog).findByLabelText(MESSAGES.locationFields.addressLine1)).toHaveValue('1 High Street');
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

  it('lists the employer accounts awaiting setup under their own filter, and removes one after a question', async () => {
    const nina = { id: '6b0f5f5e-6a7e-4c39-9f43-0a3c2b3d4e5f', name: 'Nina New', email: 'nina@new.example', createdAt: '2026-03-01T09:00:00.000Z' };
    const { user, callsTo } = renderWithPlatform(<AllEmployersPage />, {
      session: { role: 'SuperAdmin' },
      handlers: {
        'employers.list': () => pageOf([], { totalCount: 0 }),
        'employers.awaitingSetup': () => pageOf([nina], { totalCount: 1 }),
        'accounts.removeUser': () => ({ success: true, message: MESSAGES.admins.userRemoved }),
      },
    });
    await user.selectOptions(await screen.findByRole('combobox', { name: MESSAGES.employers.filterLabel }), MESSAGES.employers.awaitingSetup);
    const row = await screen.findByRole('row', { name: /Nina New/ });
    expect(within(row).getByText(emailShown('nina@new.example'))).toBeInTheDocument();
    expect(callsTo('employers.awaitingSetup').at(-1)).toEqual({ query: { pageNumber: 1, pageSize: 10 } });
    await user.click(within(row).getByRole('button', { name: MESSAGES.employers.removeAccountOf('Nina New') }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.employers.removeAccountTitle });
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.labels.remove }));
    await waitFor(() => expect(callsTo('accounts.removeUser')).toEqual([{ params: { id: nina.id } }]));
  });
});
