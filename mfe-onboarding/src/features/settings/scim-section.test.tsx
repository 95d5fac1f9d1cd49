import { MESSAGES } from '@portal/shared-contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithPlatform } from '../../test/render';
import { ScimSection } from './scim-section';

const M = MESSAGES.scim;
const COMPANY = '11111111-1111-4111-8111-111111111111';
const TOKEN = 'tok_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopq';

function world() {
  const tokens = [{ id: '22222222-2222-4222-8222-222222222222', name: 'Okta', createdAt: '2026-11-01T09:30:00.000Z', lastUsedAt: null as string | null }];
  return {
    tokens,
    handlers: {
      'scim.listTokens': () => ({ success: true, message: 'ok', baseUrl: 'https://portal.example/scim/v2', tokens: [...tokens] }),
      'scim.createToken': (input?: Record<string, unknown>) => {
        const name = (input!.body as { name: string }).name;
        tokens.push({ id: '33333333-3333-4333-8333-333333333333', name, createdAt: '2026-11-02T10:00:00.000Z', lastUsedAt: null });
        return { success: true, message: M.created, id: '33333333-3333-4333-8333-333333333333', name, token: TOKEN };
      },
      'scim.revokeToken': () => {
        tokens.shift();
        return { success: true, message: M.revoked };
      },
    },
  };
}

describe('ScimSection', () => {
  it('shows the base URL and the tokens, never a token of the list', async () => {
    const { handlers } = world();
    renderWithPlatform(<ScimSection companyId={COMPANY} />, { session: { employerId: COMPANY }, handlers });
    expect(await screen.findByDisplayValue('https://portal.example/scim/v2')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: M.tokensHeading });
    expect(within(list).getByText('Okta')).toBeInTheDocument();
    expect(within(list).getByText(M.neverUsed)).toBeInTheDocument();
  });

  it('creates a token and shows it once, until Done', async () => {
    const { handlers } = world();
    const { user, callsTo } = renderWithPlatform(<ScimSection companyId={COMPANY} />, { session: { employerId: COMPANY }, handlers });
    await screen.findByDisplayValue('https://portal.example/scim/v2');
    await user.click(screen.getByRole('button', { name: M.create }));
    expect(await screen.findByText(M.nameRequired)).toBeInTheDocument();
    expect(callsTo('scim.createToken')).toEqual([]);
    await user.type(screen.getByLabelText(M.tokenName, { exact: false }), 'Entra ID');
    await user.click(screen.getByRole('button', { name: M.create }));
    expect(await screen.findByDisplayValue(TOKEN)).toBeInTheDocument();
    expect(screen.getByText(M.created)).toBeInTheDocument();
    expect(callsTo('scim.createToken')).toEqual([{ body: { name: 'Entra ID' } }]);
    await waitFor(() => expect(within(screen.getByRole('list', { name: M.tokensHeading })).getByText('Entra ID')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: M.done }));
    expect(screen.queryByDisplayValue(TOKEN)).not.toBeInTheDocument();
  });

  it('revokes a token after confirmation', async () => {
    const { handlers } = world();
    const { user, callsTo, toast } = renderWithPlatform(<ScimSection companyId={COMPANY} />, { session: { employerId: COMPANY }, handlers });
    await user.click(await screen.findByRole('button', { name: `${M.revoke} Okta` }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(M.revokeBody('Okta'))).toBeInTheDocument();
    expect(callsTo('scim.revokeToken')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: M.revoke }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(M.revoked));
    expect(callsTo('scim.revokeToken')).toEqual([{ params: { id: '22222222-2222-4222-8222-222222222222' } }]);
    expect(await screen.findByText(M.none)).toBeInTheDocument();
  });
});
