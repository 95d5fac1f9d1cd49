import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, type ConsolePreview, type ConsoleRemote } from '@portal/shared-contracts';
import { createHarnessPlatform, PlatformProviders, uuid } from '@portal/testing/harness';
import { PreviewsSection } from './previews-section';

const P = MESSAGES.releasePreview;
const superAdmin = { userId: uuid(), role: 'SuperAdmin' as const, name: 'Root', email: 'root@example.com', employerId: null, employerUserId: null };
const remote = (name: ConsoleRemote['remote'], published: string[]): ConsoleRemote => ({
  remote: name,
  stable: { version: published[0]!, contractsVersion: '1.0.0', publishedAt: null },
  canary: null,
  previous: [],
  published,
  updatedAt: null,
});
const REMOTES = [remote('mfe-auth', ['1.0.0']), remote('mfe-billing', ['1.0.0', '1.4.0-pr.12'])];

type Handlers = Record<string, (input: Record<string, unknown> | undefined) => unknown>;
function renderSection(handlers: Handlers) {
  const calls: { id: string; input: Record<string, unknown> | undefined }[] = [];
  const recorded = Object.fromEntries(Object.entries(handlers).map(([id, h]) => [id, (input: Record<string, unknown> | undefined) => (calls.push({ id, input }), h(input))]));
  const toast = { success: vi.fn(), error: vi.fn(), info: vi.fn() };
  render(
    <PlatformProviders platform={createHarnessPlatform({ session: superAdmin, handlers: recorded, toast })}>
      <PreviewsSection remotes={REMOTES} />
    </PlatformProviders>,
  );
  return { user: userEvent.setup(), toast, callsTo: (id: string) => calls.filter((c) => c.id === id).map((c) => c.input) };
}

const preview: ConsolePreview = {
  id: '0123456789abcdef',
  remote: 'mfe-billing',
  version: '1.4.0-pr.12',
  until: '2026-12-05T12:00:00.000Z',
  createdAt: '2026-11-28T12:00:00.000Z',
  by: 'Root <root@example.com>',
  link: 'https://portal.example.com/?preview=eyJpIjoiMDEyMyJ9.abc',
};

describe('the release console: preview links', () => {
  it('lists each link in force with its version, end, maker and the link to copy', async () => {
    renderSection({ 'releases.previews': () => ({ previews: [preview] }) });
    const row = (await screen.findByText('mfe-billing 1.4.0-pr.12')).closest('tr')!;
    expect(within(row).getByText('5 Dec 2026, 12:00 UTC')).toBeInTheDocument();
    expect(within(row).getByText(preview.by!)).toBeInTheDocument();
    expect(within(row).getByDisplayValue(preview.link)).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: P.consoleCopy })).toBeInTheDocument();
  });

  it('says when no link is active', async () => {
    renderSection({ 'releases.previews': () => ({ previews: [] }) });
    expect(await screen.findByText(P.consoleNone)).toBeInTheDocument();
  });

  it('makes a link for a published version of the remote chosen, checking the version and the expiry first, and shows it to copy', async () => {
    const { user, toast, callsTo } = renderSection({
      'releases.previews': () => ({ previews: [] }),
      'releases.createPreview': () => ({ previews: [preview], created: preview }),
    });
    await screen.findByText(P.consoleNone);
    await user.selectOptions(screen.getByLabelText(P.consoleRemote), 'mfe-billing');
    await user.clear(screen.getByLabelText(P.consoleExpires));
    await user.type(screen.getByLabelText(P.consoleExpires), '40d');
    await user.click(screen.getByRole('button', { name: P.consoleCreate }));
    expect(screen.getByText(P.consoleChooseVersion, { selector: '[id$="-error"], [role="alert"], p, span' })).toBeInTheDocument();
    expect(screen.getByText(P.badExpires(30))).toBeInTheDocument();
    expect(callsTo('releases.createPreview')).toEqual([]);

    await user.selectOptions(screen.getByLabelText(P.consoleVersion), '1.4.0-pr.12');
    await user.clear(screen.getByLabelText(P.consoleExpires));
    await user.type(screen.getByLabelText(P.consoleExpires), '2d');
    await user.click(screen.getByRole('button', { name: P.consoleCreate }));
    expect(callsTo('releases.createPreview')).toEqual([expect.objectContaining({ body: { remote: 'mfe-billing', version: '1.4.0-pr.12', expires: '2d' } })]);
    expect(toast.success).toHaveBeenCalledWith(P.consoleMade('mfe-billing', '1.4.0-pr.12'));
    expect(screen.getByLabelText(P.consoleMade('mfe-billing', '1.4.0-pr.12'))).toHaveValue(preview.link);
  });

  it('revokes a link only once confirmed', async () => {
    const { user, toast, callsTo } = renderSection({
      'releases.previews': () => ({ previews: [preview] }),
      'releases.revokePreview': () => ({ previews: [] }),
    });
    await user.click(await screen.findByRole('button', { name: `${P.consoleRevoke} mfe-billing 1.4.0-pr.12` }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(P.consoleRevokeConfirm('mfe-billing', '1.4.0-pr.12'))).toBeInTheDocument();
    expect(callsTo('releases.revokePreview')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: P.consoleRevoke }));
    expect(await screen.findByText(P.consoleNone)).toBeInTheDocument();
    expect(callsTo('releases.revokePreview')).toEqual([expect.objectContaining({ params: { id: preview.id } })]);
    expect(toast.success).toHaveBeenCalledWith(P.consoleRevoked('mfe-billing', '1.4.0-pr.12'));
  });
});
