import { MESSAGES } from '@portal/shared-contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakePlatform } from '@portal/testing';
import { aCompany, aLocation } from '../../test/fixtures';
import { renderWithPlatform } from '../../test/render';
import { CompanySettingsPage } from './company-settings-page';

const incentive = {
  generalRewardDescription: 'A coffee voucher every month',
  numberOfMiles: 100,
  numberOfMilesRewards: 'Cinema ticket',
  numberOfTrips: 20,
  numberOfTripsRewards: 'Extra day off',
};

function handlersFor(company = aCompany({ signUpState: 3, locations: [aLocation()] })) {
  return {
    company,
    handlers: {
      'employers.get': () => ({ success: true, message: 'ok', company }),
      'employers.getIncentive': () => ({ success: true, message: 'ok', incentive }),
      'employers.saveIncentive': (input?: Record<string, unknown>) => ({ success: true, message: 'saved', incentive: input!.body, signUpState: 3 }),
    },
  };
}

describe('CompanySettingsPage', () => {
  it('opens the Company Details tab by default, in edit mode, warning about unsaved edits', async () => {
    const { company, handlers } = handlersFor();
    const { user } = renderWithPlatform(<CompanySettingsPage />, { session: { employerId: company.id, signUpState: 3 }, handlers });
    expect(screen.getByRole('tab', { name: 'Company Details' })).toHaveAttribute('aria-selected', 'true');
    const name = await screen.findByDisplayValue(company.name);
    expect(screen.getByRole('form', { name: 'Company details' })).toHaveAttribute('data-mode', 'edit');
    expect(screen.queryByText(MESSAGES.setup.clickSave)).not.toBeInTheDocument();
    await user.type(name, ' Group');
    expect(screen.getByText(MESSAGES.setup.clickSave)).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Location 1' })).toBeInTheDocument();
  });

  it('selects the tab named in the query and saves incentives with its own Save button', async () => {
    const { company, handlers } = handlersFor();
    const { user, platform, callsTo } = renderWithPlatform(<CompanySettingsPage />, {
      session: { employerId: company.id, signUpState: 3 },
      query: 'tab=Incentives',
      handlers,
    });
    expect(screen.getByRole('tab', { name: 'Incentives' })).toHaveAttribute('aria-selected', 'true');
    const form = await screen.findByRole('form', { name: 'Incentives' });
    await screen.findByDisplayValue(incentive.generalRewardDescription);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(platform.toast.success).toHaveBeenCalledWith(MESSAGES.company.incentiveSaved));
    expect(callsTo('employers.saveIncentive')).toEqual([{ params: { id: company.id }, body: incentive }]);
    expect(platform.navigate).not.toHaveBeenCalled();
  });

  it('takes the tab from the sub-route prop', async () => {
    const { company, handlers } = handlersFor();
    renderWithPlatform(<CompanySettingsPage tab="Incentives" />, { session: { employerId: company.id }, handlers });
    expect(screen.getByRole('tab', { name: 'Incentives' })).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps the chosen tab in the address', async () => {
    const { company, handlers } = handlersFor();
    const { user, platform } = renderWithPlatform(<CompanySettingsPage />, { session: { employerId: company.id }, handlers });
    await user.click(screen.getByRole('tab', { name: 'Incentives' }));
    expect(platform.navigate).toHaveBeenCalledWith('/company-settings?tab=Incentives', { replace: true });
    expect(screen.getByRole('tab', { name: 'Incentives' })).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps unsaved company details across a tab switch, and holds the user on the page while they are unsaved', async () => {
    const { company, handlers } = handlersFor();
    // One release per hold: the page is held while its latest hold is not released.
    const releases: ReturnType<typeof vi.fn>[] = [];
    const held = () => releases.length > 0 && releases.at(-1)!.mock.calls.length === 0;
    const platform = createFakePlatform({
      session: { employerId: company.id, signUpState: 3 },
      handlers: {
        ...handlers,
        'employers.update': (input?: Record<string, unknown>) => ({
          success: true,
          message: 'saved',
          id: company.id,
          company: { ...company, name: (input!.body as { name: string }).name },
        }),
      },
    });
    const holdNavigation = vi.fn((_message: string) => {
      const release = vi.fn();
      releases.push(release);
      return release;
    });
    platform.holdNavigation = holdNavigation;
    const { user } = renderWithPlatform(<CompanySettingsPage />, platform);
    const name = await screen.findByDisplayValue(company.name);
    expect(holdNavigation).not.toHaveBeenCalled();

    await user.type(name, ' Group');
    expect(holdNavigation).toHaveBeenCalledWith(MESSAGES.company.unsavedDetails);
    expect(held()).toBe(true);

    await user.click(screen.getByRole('tab', { name: 'Incentives' }));
    await screen.findByRole('form', { name: 'Incentives' });
    expect(held()).toBe(true);
    await user.click(screen.getByRole('tab', { name: 'Company Details' }));
    expect(await screen.findByDisplayValue(`${company.name} Group`)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.setup.clickSave)).toBeInTheDocument();
    expect(held()).toBe(true);

    await user.click(within(screen.getByRole('form', { name: 'Company details' })).getByRole('button', { name: MESSAGES.labels.save }));
    await waitFor(() => expect(platform.toast.success).toHaveBeenCalledWith(MESSAGES.company.saved));
    await waitFor(() => expect(held()).toBe(false));
    expect(screen.queryByText(MESSAGES.setup.clickSave)).not.toBeInTheDocument();
  });
});
