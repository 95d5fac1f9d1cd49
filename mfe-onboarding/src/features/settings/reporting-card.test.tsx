import { MESSAGES } from '@portal/shared-contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithPlatform } from '../../test/render';
import { ReportingCard } from './reporting-card';

const R = MESSAGES.reports;
const ID = '7f1c2c57-79dd-4364-a862-f0fea98aa20e';

describe('the Reporting card of Company Settings', () => {
  it('saves the headcount and the month the reporting year starts', async () => {
    const { user, platform, callsTo } = renderWithPlatform(<ReportingCard companyId={ID} />, {
      session: { employerId: ID, signUpState: 3 },
      handlers: {
        'reports.settings': () => ({ headcount: null, yearStartMonth: 1 }),
        'reports.updateSettings': (input?: Record<string, unknown>) => ({ success: true, message: R.settingsSaved, settings: input!.body }),
      },
    });
    const card = await screen.findByRole('region', { name: R.settingsHeading });
    await user.type(within(card).getByLabelText(R.headcount), '1200');
    await user.selectOptions(within(card).getByLabelText(R.yearStartMonth), 'April');
    await user.click(within(card).getByRole('button', { name: MESSAGES.labels.save }));
    await waitFor(() => expect(platform.toast.success).toHaveBeenCalledWith(R.settingsSaved));
    expect(callsTo('reports.updateSettings')).toEqual([{ params: { id: ID }, body: { headcount: 1200, yearStartMonth: 4 } }]);
  });

  it('says what to enter for a headcount that is not a whole number, and sends nothing', async () => {
    const { user, callsTo } = renderWithPlatform(<ReportingCard companyId={ID} />, {
      session: { employerId: ID, signUpState: 3 },
      handlers: { 'reports.settings': () => ({ headcount: 40, yearStartMonth: 4 }) },
    });
    const card = await screen.findByRole('region', { name: R.settingsHeading });
    const field = within(card).getByLabelText(R.headcount);
    expect(field).toHaveValue('40');
    await user.clear(field);
    await user.type(field, '12.5');
    await user.click(within(card).getByRole('button', { name: MESSAGES.labels.save }));
    expect(await within(card).findByText(R.headcountInvalid)).toBeInTheDocument();
    expect(callsTo('reports.updateSettings')).toEqual([]);
  });
});
