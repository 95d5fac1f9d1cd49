import { MESSAGES, type Company } from '@portal/shared-contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { uuid } from '@portal/testing';
import { aCompany, aLocation } from '../../test/fixtures';
import { renderWithPlatform } from '../../test/render';
import { SetupCompanyPage } from './setup-company-page';

/** A tiny in-memory server for the employers endpoints. */
function companyServer(initial: Company | null = null) {
  const db = { company: initial };
  const handlers = {
    'employers.get': () => ({ success: true, message: 'ok', company: db.company }),
    'employers.create': (input?: Record<string, unknown>) => {
      const { name, email, phoneNumber } = input!.body as { name: string; email: string; phoneNumber: string };
      db.company = aCompany({ name, email, phoneNumber, id: uuid() });
      return { success: true, message: 'created', id: db.company.id, company: db.company };
    },
    'employers.update': (input?: Record<string, unknown>) => {
      const body = input!.body as { id: string; name: string; email: string; phoneNumber: string };
      db.company = { ...db.company!, name: body.name, email: body.email, phoneNumber: body.phoneNumber };
      return { success: true, message: 'updated', id: db.company.id, company: db.company };
    },
    'employers.addLocation': (input?: Record<string, unknown>) => {
      const location = aLocation(input!.body as object);
      db.company = { ...db.company!, locations: [...db.company!.locations, location], signUpState: 1 };
      return { success: true, message: 'added', id: location.id, location, signUpState: 1 };
    },
    'employers.updateLocation': (input?: Record<string, unknown>) => {
      const body = input!.body as ReturnType<typeof aLocation>;
      db.company = { ...db.company!, locations: db.company!.locations.map((l) => (l.id === body.id ? { ...l, ...body } : l)) };
      return { success: true, message: 'updated', id: body.id, location: db.company.locations.find((l) => l.id === body.id) };
    },
  };
  return { db, handlers };
}

describe('SetupCompanyPage', () => {
  it('starts in add mode without a company and creates one, then goes to /setup-company/{id}', async () => {
    const { db, handlers } = companyServer();
    const { user, platform, callsTo } = renderWithPlatform(<SetupCompanyPage />, { handlers });

    const form = screen.getByRole('form', { name: 'Company details' });
    expect(form).toHaveAttribute('data-mode', 'add');
    expect(screen.getByLabelText('Country code')).toHaveValue('GB');

    await user.type(screen.getByLabelText('Company name'), 'Acme Widgets Ltd');
    await user.type(screen.getByLabelText('Company email'), 'office@acme.example');
    await user.type(screen.getByLabelText('Phone number'), '07911 123456');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(platform.toast.success).toHaveBeenCalledWith(MESSAGES.company.saved));
    expect(callsTo('employers.create')[0]).toEqual({
      body: { name: 'Acme Widgets Ltd', email: 'office@acme.example', phoneNumber: '07911 123456', countryCode: 'GB' },
    });
    expect(platform.savedFlag.set).toHaveBeenCalledWith(true);
    expect(platform.auth.updateSession).toHaveBeenCalledWith(expect.objectContaining({ employerId: db.company!.id }));
    expect(platform.navigate).toHaveBeenCalledWith(`/setup-company/${db.company!.id}`);
  });

  it('opens in edit mode for an existing company and saves with PUT', async () => {
    const company = aCompany({ name: 'Old Name Ltd' });
    const { handlers } = companyServer(company);
    const { user, platform, callsTo } = renderWithPlatform(<SetupCompanyPage companyId={company.id} />, { handlers });

    const name = await screen.findByDisplayValue('Old Name Ltd');
    expect(screen.getByRole('form', { name: 'Company details' })).toHaveAttribute('data-mode', 'edit');
    await user.clear(name);
    await user.type(name, 'New Name Ltd');
    await user.click(within(screen.getByRole('form', { name: 'Company details' })).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(callsTo('employers.update')).toHaveLength(1));
    expect(callsTo('employers.update')[0]).toMatchObject({ body: { id: company.id, name: 'New Name Ltd' } });
    expect(callsTo('employers.create')).toHaveLength(0);
    expect(platform.navigate).not.toHaveBeenCalled();
  });

  it('refuses to proceed before the details are saved and before a location exists, then proceeds', async () => {
    const { handlers } = companyServer();
    const { user, platform } = renderWithPlatform(<SetupCompanyPage />, { handlers });

    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(platform.toast.error).toHaveBeenLastCalledWith(MESSAGES.setup.saveFirst);
    expect(platform.navigate).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Company name'), 'Acme Widgets Ltd');
    await user.type(screen.getByLabelText('Company email'), 'office@acme.example');
    await user.type(screen.getByLabelText('Phone number'), '07911 123456');
    await user.click(within(screen.getByRole('form', { name: 'Company details' })).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(platform.toast.success).toHaveBeenCalledWith(MESSAGES.company.saved));
    vi.mocked(platform.navigate).mockClear();

    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(platform.toast.error).toHaveBeenLastCalledWith(MESSAGES.setup.addLocation));
    expect(platform.navigate).not.toHaveBeenCalled();

    const row = await screen.findByRole('form', { name: 'New location' });
    await user.type(within(row).getByLabelText('Address line 1'), '1 High Street');
    await user.type(within(row).getByLabelText('Town'), 'Leeds');
    await user.type(within(row).getByLabelText('Postal code'), 'LS1 4AP');
    await user.click(within(row).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(platform.toast.success).toHaveBeenCalledWith(MESSAGES.company.locationAdded));
    expect(platform.auth.updateSession).toHaveBeenCalledWith({ signUpState: 1 });

    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(platform.navigate).toHaveBeenCalledWith('/setup-company-incentives'));
    expect(platform.auth.updateSession).toHaveBeenCalledWith(expect.objectContaining({ signUpState: 1, employerId: expect.any(String) }));
  });

  it('refuses to proceed while the details have unsaved edits', async () => {
    const company = aCompany({ locations: [aLocation()], signUpState: 1 });
    const { user, platform } = renderWithPlatform(<SetupCompanyPage companyId={company.id} />, {
      handlers: { 'employers.get': () => ({ success: true, message: 'ok', company }) },
    });
    await user.type(await screen.findByDisplayValue(company.name), ' Group');
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(platform.toast.error).toHaveBeenCalledWith(MESSAGES.setup.saveFirst);
  });

  it('shows the proceed failure when the company cannot be read', async () => {
    const company = aCompany({ locations: [aLocation()] });
    let fail = false;
    const { user, platform } = renderWithPlatform(<SetupCompanyPage companyId={company.id} />, {
      handlers: {
        'employers.get': () => {
          if (fail) throw new TypeError('Failed to fetch');
          return { success: true, message: 'ok', company };
        },
      },
    });
    await screen.findByDisplayValue(company.name);
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(platform.toast.error).toHaveBeenCalledWith(MESSAGES.setup.proceedFailed));
  });

  it('keeps a saved location read-only until Edit, then saves it', async () => {
    const location = aLocation({ addressLine1: '1 High Street' });
    const company = aCompany({ locations: [location] });
    const { handlers } = companyServer(company);
    const { user, platform, callsTo } = renderWithPlatform(<SetupCompanyPage companyId={company.id} />, { handlers });

    const row = await screen.findByRole('form', { name: 'Location 1' });
    const line1 = within(row).getByLabelText('Address line 1');
    expect(line1).toHaveAttribute('readonly');
    expect(within(row).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Edit location 1' }));
    expect(line1).not.toHaveAttribute('readonly');
    await user.clear(line1);
    await user.type(line1, '2 Low Street');
    await user.click(within(row).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(platform.toast.success).toHaveBeenCalledWith(MESSAGES.company.locationUpdated));
    expect(callsTo('employers.updateLocation')[0]).toMatchObject({ body: { id: location.id, addressLine1: '2 Low Street' } });
    expect(within(row).getByLabelText('Address line 1')).toHaveAttribute('readonly');
  });

  it('removes a location', async () => {
    const location = aLocation();
    // The only office cannot be removed: this company has a second one.
    const company = aCompany({ locations: [aLocation({ town: 'York', postalCode: 'YO1 6HT' }), location] });
    const { user, platform, callsTo } = renderWithPlatform(<SetupCompanyPage companyId={company.id} />, {
      handlers: {
        'employers.get': () => ({ success: true, message: 'ok', company }),
        'employers.deleteLocation': () => ({ success: true, message: 'removed' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove location 2' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: MESSAGES.labels.remove }));
    await waitFor(() => expect(platform.toast.success).toHaveBeenCalledWith(MESSAGES.company.locationRemoved));
    expect(callsTo('employers.deleteLocation')[0]).toEqual({ params: { id: location.id } });
  });

  it("toasts the server's message, or the fallback when the save fails on the way", async () => {
    const { ApiError } = await import('@portal/shared-contracts');
    let failure: Error = new ApiError(409, 'A company with this email already exists.');
    const { user, platform } = renderWithPlatform(<SetupCompanyPage />, {
      handlers: {
        'employers.create': () => {
          throw failure;
        },
      },
    });
    await user.type(screen.getByLabelText('Company name'), 'Acme Widgets Ltd');
    await user.type(screen.getByLabelText('Company email'), 'office@acme.example');
    await user.type(screen.getByLabelText('Phone number'), '07911 123456');
    const save = within(screen.getByRole('form', { name: 'Company details' })).getByRole('button', { name: 'Save' });
    await user.click(save);
    await waitFor(() => expect(platform.toast.error).toHaveBeenCalledWith('A company with this email already exists.'));

    failure = new TypeError('Failed to fetch');
    await user.click(save);
    await waitFor(() => expect(platform.toast.error).toHaveBeenLastCalledWith(MESSAGES.company.saveFailed));
    expect(platform.savedFlag.set).not.toHaveBeenCalled();
  });

  it('rejects a phone number that is not valid for the chosen country', async () => {
    const { user, callsTo } = renderWithPlatform(<SetupCompanyPage />, { handlers: companyServer().handlers });
    await user.type(screen.getByLabelText('Company name'), 'Acme Widgets Ltd');
    await user.type(screen.getByLabelText('Company email'), 'office@acme.example');
    await user.type(screen.getByLabelText('Phone number'), '12');
    await user.click(within(screen.getByRole('form', { name: 'Company details' })).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a valid phone number for the selected country.')).toBeInTheDocument();
    expect(callsTo('employers.create')).toHaveLength(0);
  });
});
