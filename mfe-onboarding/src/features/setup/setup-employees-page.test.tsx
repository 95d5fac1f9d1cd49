import { MESSAGES } from '@portal/shared-contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { uuid } from '@portal/testing';
import { renderWithPlatform } from '../../test/render';
import { SetupEmployeesPage } from './setup-employees-page';

function setup() {
  const companyId = uuid();
  const order: string[] = [];
  const r = renderWithPlatform(<SetupEmployeesPage />, {
    session: { employerId: companyId, signUpState: 2 },
    handlers: {
      'employers.completeSetup': () => {
        order.push('completeSetup');
        return { success: true, message: 'done', signUpState: 3 };
      },
    },
  });
  vi.mocked(r.platform.navigate).mockImplementation((to) => void order.push(`navigate ${to}`));
  return { ...r, companyId, order };
}

describe('SetupEmployeesPage', () => {
  it.each([
    [MESSAGES.labels.manuallyAddEmployees, '/add-manually-employee'],
    [MESSAGES.labels.addEmployeesLater, '/company-settings'],
  ])('%s completes the setup, then goes to %s', async (option, destination) => {
    const { user, platform, order, callsTo, companyId } = setup();
    await user.click(screen.getByRole('button', { name: new RegExp(option) }));
    await waitFor(() => expect(order).toEqual(['completeSetup', `navigate ${destination}`]));
    expect(callsTo('employers.completeSetup')).toEqual([{ params: { id: companyId } }]);
    expect(platform.auth.updateSession).toHaveBeenCalledWith({ signUpState: 3 });
  });

  it('Import CSV opens the import dialog of the employees feature; a finished import completes setup and goes to /employee-management', async () => {
    const { user, order } = setup();
    await user.click(screen.getByRole('button', { name: new RegExp(MESSAGES.labels.importCsv) }));
    const slot = screen.getByTestId('remote-slot');
    expect(slot).toHaveAttribute('data-remote', 'mfe-employees');
    expect(slot).toHaveAttribute('data-module', 'ImportCsvDialog');
    expect(slot).toHaveAttribute('data-context', 'setup');
    expect(order).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Fake ImportCsvDialog done' }));
    await waitFor(() => expect(order).toEqual(['completeSetup', 'navigate /employee-management']));
  });

  it('Copy and Share Link opens the share dialog; closing it completes setup and shows the completion page', async () => {
    const { user, order, companyId } = setup();
    await user.click(screen.getByRole('button', { name: new RegExp(MESSAGES.labels.copyShareLink) }));
    expect(screen.getByTestId('remote-slot')).toHaveAttribute('data-module', 'ShareLinkDialog');
    await user.click(screen.getByRole('button', { name: 'Fake ShareLinkDialog close' }));
    await waitFor(() => expect(order).toEqual(['completeSetup', `navigate /account-completed/${companyId}`]));
    expect(screen.queryByTestId('remote-slot')).not.toBeInTheDocument();
  });

  it('does not leave when completing the setup fails', async () => {
    const { ApiError } = await import('@portal/shared-contracts');
    const { user, platform } = renderWithPlatform(<SetupEmployeesPage />, {
      session: { employerId: uuid() },
      handlers: {
        'employers.completeSetup': () => {
          throw new ApiError(409, 'Add a location first.');
        },
      },
    });
    await user.click(screen.getByRole('button', { name: new RegExp(MESSAGES.labels.addEmployeesLater) }));
    await waitFor(() => expect(platform.toast.error).toHaveBeenCalledWith('Add a location first.'));
    expect(platform.navigate).not.toHaveBeenCalled();
  });

  it('goes back to step 2', async () => {
    const { user, platform } = setup();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(platform.navigate).toHaveBeenCalledWith('/setup-company-incentives');
  });
});
