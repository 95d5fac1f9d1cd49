import { ApiError, MESSAGES } from '@portal/shared-contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aCompany } from '../../test/fixtures';
import { renderWithPlatform } from '../../test/render';
import { AccountCompletedPage } from './account-completed-page';

describe('AccountCompletedPage', () => {
  it('loads the company and offers Dashboard, Company Settings and Employee Management', async () => {
    const company = aCompany({ name: 'Acme Widgets Ltd', signUpState: 3 });
    const { user, platform, callsTo } = renderWithPlatform(<AccountCompletedPage companyId={company.id} />, {
      session: { employerId: company.id, signUpState: 3 },
      handlers: { 'employers.get': () => ({ success: true, message: 'ok', company }) },
    });
    expect(await screen.findByText('Acme Widgets Ltd')).toBeInTheDocument();
    expect(callsTo('employers.get')).toEqual([{ params: { id: company.id } }]);
    expect(callsTo('employers.completeSetup')).toEqual([]);
    await user.click(screen.getByRole('button', { name: /^Dashboard/ }));
    await user.click(screen.getByRole('button', { name: /^Company Settings/ }));
    await user.click(screen.getByRole('button', { name: /^Employee Management/ }));
    expect(vi.mocked(platform.navigate).mock.calls.map(([to]) => to)).toEqual(['/mainPage', '/company-settings', '/employee-management']);
  });

  it('completes the setup on the server when step 3 leads here, once', async () => {
    const company = aCompany({ name: 'Acme Widgets Ltd', signUpState: 2 });
    const { platform, callsTo } = renderWithPlatform(<AccountCompletedPage companyId={company.id} />, {
      session: { employerId: company.id, signUpState: 2 },
      handlers: {
        'employers.get': () => ({ success: true, message: 'ok', company }),
        'employers.completeSetup': () => ({ success: true, message: 'OK', signUpState: 3 }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Your account is set up' })).toBeInTheDocument();
    expect(callsTo('employers.completeSetup')).toEqual([{ params: { id: company.id } }]);
    expect(platform.auth.updateSession).toHaveBeenCalledWith({ signUpState: 3 });
  });

  it('says so when the setup could not be completed, and tries again on Retry', async () => {
    const company = aCompany({ signUpState: 2 });
    let fail = true;
    const { user, platform, callsTo } = renderWithPlatform(<AccountCompletedPage companyId={company.id} />, {
      session: { employerId: company.id, signUpState: 2 },
      handlers: {
        'employers.get': () => ({ success: true, message: 'ok', company }),
        'employers.completeSetup': () => {
          if (fail) throw new ApiError(400, MESSAGES.company.incentivesFirst);
          return { success: true, message: 'OK', signUpState: 3 };
        },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.setup.proceedFailed);
    expect(platform.toast.error).toHaveBeenCalledWith(MESSAGES.company.incentivesFirst);
    expect(screen.queryByRole('heading', { name: 'Your account is set up' })).not.toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: MESSAGES.common.retry }));
    expect(await screen.findByRole('heading', { name: 'Your account is set up' })).toBeInTheDocument();
    await waitFor(() => expect(platform.auth.updateSession).toHaveBeenCalledWith({ signUpState: 3 }));
    expect(callsTo('employers.completeSetup')).toHaveLength(2);
  });
});
