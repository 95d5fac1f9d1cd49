import { ApiError, MESSAGES, type CompanyFreeze } from '@portal/shared-contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithPlatform } from '../../test/render';
import { FreezeTab } from './freeze-tab';

const F = MESSAGES.releaseFreeze;
const companyId = '11111111-1111-4111-8111-111111111111';
const frozen: CompanyFreeze = {
  maxDays: 31,
  freeze: { companyId, since: '2026-11-27T09:00:00.000Z', until: '2026-12-01T00:00:00.000Z', held: [{ remote: 'mfe-auth', stable: '1.0.0', canary: null }] },
};
const dayAhead = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe('Company Settings, Version freeze', () => {
  it('says the company is not frozen, and freezes it until 00:00 UTC of the day chosen', async () => {
    let state: CompanyFreeze = { maxDays: 31, freeze: null };
    const sent: unknown[] = [];
    const { user } = renderWithPlatform(<FreezeTab />, {
      session: { employerId: companyId },
      handlers: {
        'releaseFreezes.mine': () => state,
        'releaseFreezes.freezeMine': (input?: Record<string, unknown>) => {
          sent.push(input!.body);
          state = frozen;
          return state;
        },
      },
    });
    expect(await screen.findByText(F.notFrozenNow)).toBeInTheDocument();
    expect(screen.getByText(F.intro(31))).toBeInTheDocument();
    const day = dayAhead(3);
    await user.type(screen.getByLabelText(F.untilLabel), day);
    await user.click(screen.getByRole('button', { name: F.freeze }));
    expect(sent).toEqual([{ until: `${day}T00:00:00Z` }]);
    expect(await screen.findByText(F.frozenUntil('1 Dec 2026, 00:00 UTC'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: F.moveEnd })).toBeInTheDocument();
  });

  it('refuses a day past 31 days or already passed before calling, and shows a refusal of the api', async () => {
    let calls = 0;
    const { user } = renderWithPlatform(<FreezeTab />, {
      session: { employerId: companyId },
      handlers: {
        'releaseFreezes.mine': () => ({ maxDays: 31, freeze: null }),
        'releaseFreezes.freezeMine': () => {
          calls++;
          throw new ApiError(409, F.nothingReleased);
        },
      },
    });
    const field = await screen.findByLabelText(F.untilLabel);
    await user.click(screen.getByRole('button', { name: F.freeze }));
    expect(screen.getByText(F.chooseDay)).toBeInTheDocument();
    await user.type(field, dayAhead(40));
    await user.click(screen.getByRole('button', { name: F.freeze }));
    expect(screen.getByText(F.untilTooFar(31))).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, dayAhead(-2));
    await user.click(screen.getByRole('button', { name: F.freeze }));
    expect(screen.getByText(F.untilPast)).toBeInTheDocument();
    expect(calls).toBe(0);
    await user.clear(field);
    await user.type(field, dayAhead(2));
    await user.click(screen.getByRole('button', { name: F.freeze }));
    expect(await screen.findByText(F.nothingReleased)).toBeInTheDocument();
  });

  it('ends the freeze after a confirmation', async () => {
    let state: CompanyFreeze = frozen;
    const { user } = renderWithPlatform(<FreezeTab />, {
      session: { employerId: companyId },
      handlers: {
        'releaseFreezes.mine': () => state,
        'releaseFreezes.unfreezeMine': () => {
          state = { maxDays: 31, freeze: null };
          return state;
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: F.end }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(F.endConfirm)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: F.end }));
    expect(await screen.findByText(F.notFrozenNow)).toBeInTheDocument();
  });
});
