import { MESSAGES } from '@portal/shared-contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aCompany, aLocation } from '../../test/fixtures';
import { renderWithPlatform } from '../../test/render';
import { LocationsSection } from './locations-section';

describe('LocationsSection', () => {
  it('without a saved company shows a disabled new row and says why', () => {
    renderWithPlatform(<LocationsSection company={null} />);
    expect(screen.getByText(MESSAGES.company.locationsNeedCompany)).toBeInTheDocument();
    const row = screen.getByRole('form', { name: 'New location' });
    expect(within(row).getByLabelText('Address line 1')).toBeDisabled();
    expect(within(row).getByRole('button', { name: 'Add' })).toBeDisabled();
  });

  it('"Add another location" opens one more editable row, which can be dismissed', async () => {
    const { user } = renderWithPlatform(<LocationsSection company={aCompany({ locations: [aLocation()] })} />);
    expect(screen.queryByRole('form', { name: 'New location' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Add another location/ }));
    const row = screen.getByRole('form', { name: 'New location' });
    expect(within(row).getByLabelText('Address line 1')).not.toHaveAttribute('readonly');
    await user.click(within(row).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'New location' })).not.toBeInTheDocument();
  });

  it('checks the postal code against the company country and shows the server message on failure', async () => {
    const { ApiError } = await import('@portal/shared-contracts');
    const { user, platform, callsTo } = renderWithPlatform(<LocationsSection company={aCompany()} />, {
      handlers: {
        'employers.addLocation': () => {
          throw new ApiError(422, 'Some fields are not valid. Please check them and try again.');
        },
      },
    });
    const row = screen.getByRole('form', { name: 'New location' });
    await user.type(within(row).getByLabelText('Address line 1'), '1 High Street');
    await user.type(within(row).getByLabelText('Town'), 'Leeds');
    await user.type(within(row).getByLabelText('Postal code'), '12345');
    await user.click(within(row).getByRole('button', { name: 'Add' }));
    expect(await within(row).findByText('Enter a valid postal code for the company country.')).toBeInTheDocument();
    expect(callsTo('employers.addLocation')).toHaveLength(0);

    await user.clear(within(row).getByLabelText('Postal code'));
    await user.type(within(row).getByLabelText('Postal code'), 'LS1 4AP');
    await user.click(within(row).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(platform.toast.error).toHaveBeenCalledWith('Some fields are not valid. Please check them and try again.'));
  });

  it('asks before removing an office, and removes it only on Remove', async () => {
    const [leeds, york] = [aLocation(), aLocation({ addressLine1: '10 Station Road', town: 'York', postalCode: 'YO1 6HT' })];
    const { user, platform, callsTo } = renderWithPlatform(<LocationsSection company={aCompany({ signUpState: 3, locations: [leeds!, york!] })} />, {
      handlers: { 'employers.deleteLocation': () => ({ success: true, message: MESSAGES.company.locationRemoved }) },
    });
    await user.click(screen.getByRole('button', { name: 'Remove location 2' }));
    const ask = screen.getByRole('dialog', { name: MESSAGES.company.removeLocationTitle });
    expect(ask).toHaveTextContent(MESSAGES.company.removeLocationText('10 Station Road, York, YO1 6HT'));
    await user.click(within(ask).getByRole('button', { name: MESSAGES.labels.cancel }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo('employers.deleteLocation')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove location 2' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: MESSAGES.labels.remove }));
    await waitFor(() => expect(platform.toast.success).toHaveBeenCalledWith(MESSAGES.company.locationRemoved));
    expect(callsTo('employers.deleteLocation')).toEqual([{ params: { id: york!.id } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the only office: its Remove is off, and says why', () => {
    renderWithPlatform(<LocationsSection company={aCompany({ signUpState: 3, locations: [aLocation()] })} />);
    const remove = screen.getByRole('button', { name: 'Remove location 1' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription(MESSAGES.company.lastLocation);
  });
});
