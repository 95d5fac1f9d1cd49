import { MESSAGES } from '@portal/shared-contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { uuid } from '@portal/testing';
import { renderWithPlatform } from '../../test/render';
import { SetupEmployeesPage } from './setup-employees-page';

function setup(signUpState = 2) {
  const companyId = uuid();
  const r = renderWithPlatform(<SetupEmployeesPage />, { session: { employerId: companyId, signUpState } });
  const tile = (name: string) => screen.getByRole('button', { name: new RegExp(name) });
  return { ...r, companyId, tile, completed: `/account-completed/${companyId}` };
}

describe('SetupEmployeesPage', () => {
  it('Add Employees Later finishes the step on the account-completed page (which completes the setup)', async () => {
    const { user, platform, tile, completed, callsTo } = setup();
    await user.click(tile(MESSAGES.labels.addEmployeesLater));
    expect(platform.navigate).toHaveBeenCalledExactlyOnceWith(completed);
    expect(callsTo('employers.completeSetup')).toEqual([]);
  });

  it('Manually Add Employees opens the rows without finishing anything yet', async () => {
    const { user, platform, tile, callsTo } = setup();
    await user.click(tile(MESSAGES.labels.manuallyAddEmployees));
    expect(platform.navigate).toHaveBeenCalledExactlyOnceWith('/add-manually-employee');
    expect(callsTo('employers.completeSetup')).toEqual([]);
  });

  it('Import CSV opens the import dialog of the employees feature; a finished import leads to the account-completed page', async () => {
    const { user, platform, tile, completed } = setup();
    await user.click(tile(MESSAGES.labels.importCsv));
    const slot = screen.getByTestId('remote-slot');
    expect(slot).toHaveAttribute('data-remote', 'mfe-employees');
    expect(slot).toHaveAttribute('data-module', 'ImportCsvDialog');
    expect(slot).toHaveAttribute('data-context', 'setup');
    expect(platform.navigate).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Fake ImportCsvDialog done' }));
    expect(platform.navigate).toHaveBeenCalledExactlyOnceWith(completed);
  });

  it('opening and closing the share link finishes nothing; closing it after the link was copied does', async () => {
    const { user, platform, tile, completed, callsTo } = setup();
    await user.click(tile(MESSAGES.labels.copyShareLink));
    expect(screen.getByTestId('remote-slot')).toHaveAttribute('data-module', 'ShareLinkDialog');
    await user.click(screen.getByRole('button', { name: 'Fake ShareLinkDialog close' }));
    expect(screen.queryByTestId('remote-slot')).not.toBeInTheDocument();
    expect(platform.navigate).not.toHaveBeenCalled();
    expect(callsTo('employers.completeSetup')).toEqual([]);

    await user.click(tile(MESSAGES.labels.copyShareLink));
    await user.click(screen.getByRole('button', { name: 'Fake ShareLinkDialog done' }));
    expect(platform.navigate).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Fake ShareLinkDialog close' }));
    expect(platform.navigate).toHaveBeenCalledExactlyOnceWith(completed);
  });

  it('leads to the account-completed page once: after the setup is complete, the options go where they do in the employer area', async () => {
    const { user, platform, tile } = setup(3);
    await user.click(tile(MESSAGES.labels.addEmployeesLater));
    await user.click(tile(MESSAGES.labels.importCsv));
    await user.click(screen.getByRole('button', { name: 'Fake ImportCsvDialog done' }));
    expect(vi.mocked(platform.navigate).mock.calls.map(([to]) => to)).toEqual(['/company-settings', '/employee-management']);
  });

  it('says which options open a dialog and which go elsewhere', () => {
    const { tile } = setup();
    expect(tile(MESSAGES.labels.importCsv)).toHaveAttribute('aria-haspopup', 'dialog');
    expect(tile(MESSAGES.labels.copyShareLink)).toHaveAttribute('aria-haspopup', 'dialog');
    expect(tile(MESSAGES.labels.manuallyAddEmployees)).not.toHaveAttribute('aria-haspopup');
    expect(tile(MESSAGES.labels.addEmployeesLater)).not.toHaveAttribute('aria-haspopup');
  });

  it('goes back to step 2', async () => {
    const { user, platform } = setup();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(platform.navigate).toHaveBeenCalledWith('/setup-company-incentives');
  });
});
