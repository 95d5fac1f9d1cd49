import { MESSAGES } from '@portal/shared-contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { uuid } from '@portal/testing';
import { renderWithPlatform } from '../../test/render';
import { SetupIncentivesPage } from './setup-incentives-page';

const saved = {
  generalRewardDescription: 'A coffee voucher every month',
  numberOfMiles: 100,
  numberOfMilesRewards: 'Cinema ticket',
  numberOfTrips: 20,
  numberOfTripsRewards: 'Extra day off',
};

describe('SetupIncentivesPage', () => {
  it('has no save button of its own: Proceed saves the incentive, then goes to step 3', async () => {
    const companyId = uuid();
    const { user, platform, callsTo } = renderWithPlatform(<SetupIncentivesPage />, {
      session: { employerId: companyId, signUpState: 1 },
      handlers: {
        'employers.getIncentive': () => ({ success: true, message: 'ok', incentive: null }),
        'employers.saveIncentive': (input) => ({ success: true, message: 'saved', incentive: input!.body, signUpState: 2 }),
      },
    });

    const description = await screen.findByLabelText('General reward description');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await user.type(description, saved.generalRewardDescription);
    await user.clear(screen.getByLabelText('Number of miles'));
    await user.type(screen.getByLabelText('Number of miles'), '100');
    await user.type(screen.getByLabelText('Rewards for miles'), saved.numberOfMilesRewards);
    await user.clear(screen.getByLabelText('Number of trips'));
    await user.type(screen.getByLabelText('Number of trips'), '20');
    await user.type(screen.getByLabelText('Rewards for trips'), saved.numberOfTripsRewards);
    await user.click(screen.getByRole('button', { name: 'Proceed' }));

    await waitFor(() => expect(platform.navigate).toHaveBeenCalledWith('/setup-company-employee-details'));
    expect(callsTo('employers.saveIncentive')).toEqual([{ params: { id: companyId }, body: saved }]);
    expect(platform.toast.success).toHaveBeenCalledWith(MESSAGES.company.incentiveSaved);
    expect(platform.auth.updateSession).toHaveBeenCalledWith({ signUpState: 2 });
  });

  it('shows the server message and stays when the save fails', async () => {
    const { ApiError } = await import('@portal/shared-contracts');
    const { user, platform } = renderWithPlatform(<SetupIncentivesPage />, {
      session: { employerId: uuid() },
      handlers: {
        'employers.getIncentive': () => ({ success: true, message: 'ok', incentive: saved }),
        'employers.saveIncentive': () => {
          throw new ApiError(403, 'You do not have permission to do that.');
        },
      },
    });
    await screen.findByDisplayValue(saved.generalRewardDescription);
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(platform.toast.error).toHaveBeenCalledWith('You do not have permission to do that.'));
    expect(platform.navigate).not.toHaveBeenCalled();
  });

  it('says the company id is missing when there is no company', async () => {
    const { user, platform, callsTo } = renderWithPlatform(<SetupIncentivesPage />, { session: { employerId: null } });
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(platform.toast.error).toHaveBeenCalledWith(MESSAGES.company.companyIdMissing));
    expect(callsTo('employers.saveIncentive')).toHaveLength(0);
  });

  it('goes back to step 1', async () => {
    const { user, platform } = renderWithPlatform(<SetupIncentivesPage />, { session: { employerId: null } });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(platform.navigate).toHaveBeenCalledWith('/setup-company');
  });
});
