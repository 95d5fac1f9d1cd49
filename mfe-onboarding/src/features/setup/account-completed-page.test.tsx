import { ApiError, MESSAGES, type Company } from '@portal/shared-contracts';
import { companyQueryKey } from '@portal/shared-contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { aCompany } from '../../test/fixtures';
import { renderWithPlatform } from '../../test/render';
import { AccountCompletedPage } from './account-completed-page';

/** The company as the sign-in leaves it in the query cache, before the page is drawn. */
function WithCompanyKnown({ company, children }: { company: Company; children: ReactNode }) {
  const client = useQueryClient();
  useState(() => client.setQueryData(companyQueryKey(company.id), company));
  return <>{children}</>;
}

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

  it('offers no next step before the server has completed the setup, even with the company already known', async () => {
    const company = aCompany({ name: 'Acme Widgets Ltd', signUpState: 2 });
    let answer!: (value: { success: true; message: string; signUpState: number }) => void;
    const { user, platform } = renderWithPlatform(
      <WithCompanyKnown company={company}>
        <AccountCompletedPage companyId={company.id} />
      </WithCompanyKnown>,
      {
        session: { employerId: company.id, signUpState: 2 },
        handlers: {
          'employers.get': () => ({ success: true, message: 'ok', company }),
          'employers.completeSetup': () => new Promise((resolve) => (answer = resolve)),
        },
      },
    );
    // A next step taken now would be sent back to step 3: the session still says so.
    expect(screen.queryByRole('heading', { name: 'Your account is set up' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Dashboard/ })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.setup.completing);

    await waitFor(() => expect(answer).toBeDefined());
    await act(async () => answer({ success: true, message: 'OK', signUpState: 3 }));
    await user.click(await screen.findByRole('button', { name: /^Dashboard/ }));
    expect(platform.auth.updateSession).toHaveBeenCalledWith({ signUpState: 3 });
    expect(vi.mocked(platform.auth.updateSession).mock.invocationCallOrder[0]).toBeLessThan(vi.mocked(platform.navigate).mock.invocationCallOrder[0]!);
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
