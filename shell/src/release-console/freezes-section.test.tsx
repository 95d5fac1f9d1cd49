import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, type ConsoleFreeze } from '@portal/shared-contracts';
import { createHarnessPlatform, PlatformProviders, uuid } from '@portal/testing/harness';
import { FreezesSection } from './freezes-section';

const F = MESSAGES.releaseFreeze;
const superAdmin = { userId: uuid(), role: 'SuperAdmin' as const, name: 'Root', email: 'root@example.com', employerId: null, employerUserId: null };
const acme = uuid(7);

type Handlers = Record<string, (input: Record<string, unknown> | undefined) => unknown>;
function renderSection(handlers: Handlers) {
  const calls: { id: string; input: Record<string, unknown> | undefined }[] = [];
  const recorded = Object.fromEntries(Object.entries(handlers).map(([id, h]) => [id, (input: Record<string, unknown> | undefined) => (calls.push({ id, input }), h(input))]));
  const toast = { success: vi.fn(), error: vi.fn(), info: vi.fn() };
  render(
    <PlatformProviders platform={createHarnessPlatform({ session: superAdmin, handlers: recorded, toast })}>
      <FreezesSection />
    </PlatformProviders>,
  );
  return { user: userEvent.setup(), toast, callsTo: (id: string) => calls.filter((c) => c.id === id).map((c) => c.input) };
}

const frozen: ConsoleFreeze = {
  companyId: acme,
  companyName: 'Greenway Ltd',
  since: '2026-11-27T09:00:00.000Z',
  until: '2026-12-01T00:00:00.000Z',
  held: [
    { remote: 'mfe-auth', stable: '1.0.0', canary: null },
    { remote: 'mfe-employees', stable: '1.4.0', canary: { version: '1.5.0', percent: 10 } },
  ],
};

describe('the release console: change freezes', () => {
  it('lists every freeze in force with the company by name, its end in UTC and the versions it holds', async () => {
    renderSection({ 'releaseFreezes.list': () => ({ freezes: [frozen] }) });
    const row = (await screen.findByText('Greenway Ltd')).closest('tr')!;
    expect(within(row).getByText(acme)).toBeInTheDocument();
    expect(within(row).getByText('1 Dec 2026, 00:00 UTC')).toBeInTheDocument();
    expect(within(row).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['mfe-auth 1.0.0', 'mfe-employees 1.4.0 (canary 1.5.0 10%)']);
  });

  it('says when no company is frozen', async () => {
    renderSection({ 'releaseFreezes.list': () => ({ freezes: [] }) });
    expect(await screen.findByText(F.consoleNone)).toBeInTheDocument();
  });

  it('freezes a company until 00:00 UTC of the day chosen, and checks the id and the day before calling', async () => {
    const { user, toast, callsTo } = renderSection({
      'releaseFreezes.list': () => ({ freezes: [] }),
      'releaseFreezes.freeze': () => ({ freezes: [frozen] }),
    });
    await screen.findByText(F.consoleNone);
    await user.click(screen.getByRole('button', { name: F.consoleFreeze }));
    expect(screen.getByText(F.badCompany)).toBeInTheDocument();
    expect(screen.getByText(F.chooseDay)).toBeInTheDocument();
    expect(callsTo('releaseFreezes.freeze')).toEqual([]);

    await user.type(screen.getByLabelText(F.consoleCompanyId), ` ${acme} `);
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await user.type(screen.getByLabelText(F.untilLabel), day);
    await user.click(screen.getByRole('button', { name: F.consoleFreeze }));
    expect(callsTo('releaseFreezes.freeze')).toEqual([expect.objectContaining({ params: { companyId: acme }, body: { until: `${day}T00:00:00Z` } })]);
    expect(toast.success).toHaveBeenCalledWith(F.consoleFrozen('Greenway Ltd', '1 Dec 2026, 00:00 UTC'));
    expect(await screen.findByText('Greenway Ltd')).toBeInTheDocument();
  });

  it('ends a freeze after a confirmation naming the company', async () => {
    const { user, toast, callsTo } = renderSection({
      'releaseFreezes.list': () => ({ freezes: [frozen] }),
      'releaseFreezes.unfreeze': () => ({ freezes: [] }),
    });
    await user.click(await screen.findByRole('button', { name: `${F.consoleUnfreeze} Greenway Ltd` }));
    expect(screen.getByText(F.consoleUnfreezeConfirm('Greenway Ltd'))).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: F.consoleUnfreeze }));
    expect(await screen.findByText(F.consoleNone)).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith(F.consoleUnfrozen('Greenway Ltd'));
    expect(callsTo('releaseFreezes.unfreeze')).toEqual([expect.objectContaining({ params: { companyId: acme } })]);
  });
});
