import { MESSAGES } from '@portal/shared-contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithPlatform } from '../../test/render';
import { SsoTab } from './sso-tab';

const M = MESSAGES.sso;
const COMPANY = '11111111-1111-4111-8111-111111111111';

function settings(officeClaim: string | null) {
  return {
    configured: true,
    issuer: 'https://login.example.com',
    clientId: 'portal',
    hasSecret: true,
    passwordsAllowed: true,
    autoApprove: false,
    officeClaim,
    redirectUri: 'https://portal.example/api/sso/callback',
    postLogoutRedirectUri: 'https://portal.example/login',
    domains: [],
  };
}

function handlers(officeClaim: string | null) {
  return {
    'sso.settings': () => ({ success: true, message: 'ok', settings: settings(officeClaim) }),
    'sso.saveSettings': (input?: Record<string, unknown>) => {
      const body = input!.body as { officeClaim?: string };
      return { success: true, message: M.saved, settings: settings(body.officeClaim || null) };
    },
    'scim.listTokens': () => ({ success: true, message: 'ok', baseUrl: 'https://portal.example/scim/v2', tokens: [] }),
  };
}

describe('SsoTab: the office claim', () => {
  it('shows the stored claim and saves a changed one', async () => {
    const { user, callsTo, toast } = renderWithPlatform(<SsoTab />, { session: { employerId: COMPANY }, handlers: handlers('office') });
    const field = await screen.findByLabelText(M.officeClaim, { exact: false });
    expect(field).toHaveValue('office');
    await user.clear(field);
    await user.type(field, 'extension_physicalDeliveryOfficeName');
    await user.click(screen.getByRole('button', { name: M.save }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(M.saved));
    expect(callsTo('sso.saveSettings')).toEqual([
      {
        body: {
          issuer: 'https://login.example.com',
          clientId: 'portal',
          passwordsAllowed: true,
          autoApprove: false,
          officeClaim: 'extension_physicalDeliveryOfficeName',
        },
      },
    ]);
  });

  it('refuses a claim name with spaces before sending anything', async () => {
    const { user, callsTo } = renderWithPlatform(<SsoTab />, { session: { employerId: COMPANY }, handlers: handlers(null) });
    const field = await screen.findByLabelText(M.officeClaim, { exact: false });
    expect(field).toHaveValue('');
    await user.type(field, 'office name');
    await user.click(screen.getByRole('button', { name: M.save }));
    expect(await screen.findByText(M.officeClaimInvalid)).toBeInTheDocument();
    expect(callsTo('sso.saveSettings')).toEqual([]);
  });
});
