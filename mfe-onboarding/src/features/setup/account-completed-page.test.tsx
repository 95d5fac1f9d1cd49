import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aCompany } from '../../test/fixtures';
import { renderWithPlatform } from '../../test/render';
import { AccountCompletedPage } from './account-completed-page';

describe('AccountCompletedPage', () => {
  it('loads the company and offers Dashboard, Company Settings and Employee Management', async () => {
    const company = aCompany({ name: 'Acme Widgets Ltd', signUpState: 3 });
    const { user, platform, callsTo } = renderWithPlatform(<AccountCompletedPage companyId={company.id} />, {
      handlers: { 'employers.get': () => ({ success: true, message: 'ok', company }) },
    });
    expect(await screen.findByText('Acme Widgets Ltd')).toBeInTheDocument();
    expect(callsTo('employers.get')).toEqual([{ params: { id: company.id } }]);
    await user.click(screen.getByRole('button', { name: /^Dashboard/ }));
    await user.click(screen.getByRole('button', { name: /^Company Settings/ }));
    await user.click(screen.getByRole('button', { name: /^Employee Management/ }));
    expect(vi.mocked(platform.navigate).mock.calls.map(([to]) => to)).toEqual(['/mainPage', '/company-settings', '/employee-management']);
  });
});
