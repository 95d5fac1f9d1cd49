import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@portal/shared-contracts';
import { COMPANY_ID } from '../test/fixtures';
import { renderWithPlatform } from '@portal/testing';
import { ShareLinkDialog } from './share-link-dialog';

afterEach(() => vi.useRealTimers());

describe('Share link dialog', () => {
  it('shows the company link and copies it, showing "Copied!" for one second', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, toast } = renderWithPlatform(<ShareLinkDialog open onOpenChange={() => {}} />);
    const link = `https://portal.example/#/setup-account?employer_id=${COMPANY_ID}`;
    expect(screen.getByRole('textbox', { name: 'Sign-up link' })).toHaveValue(link);
    expect(screen.getByRole('textbox', { name: 'Sign-up link' })).toHaveAttribute('readonly');

    await user.click(screen.getByRole('button', { name: 'Copy Link' }));
    expect(await screen.findByRole('button', { name: MESSAGES.employees.copied })).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith(MESSAGES.employees.linkCopied);
    await expect(navigator.clipboard.readText()).resolves.toBe(link);

    act(() => vi.advanceTimersByTime(900));
    expect(screen.getByRole('button', { name: MESSAGES.employees.copied })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByRole('button', { name: 'Copy Link' })).toBeInTheDocument();
  });

  it('says when the link has been copied (setup step 3 is then finished), not before', async () => {
    const onDone = vi.fn();
    const { user } = renderWithPlatform(<ShareLinkDialog open onOpenChange={() => {}} onDone={onDone} />);
    expect(onDone).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Copy Link' }));
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('explains that the link needs a company first', () => {
    renderWithPlatform(<ShareLinkDialog open onOpenChange={() => {}} />, { session: null });
    expect(screen.queryByRole('button', { name: 'Copy Link' })).not.toBeInTheDocument();
    expect(screen.getByText(/Set up your company first/)).toBeInTheDocument();
  });
});
