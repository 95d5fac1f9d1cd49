import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, MESSAGES } from '@portal/shared-contracts';
import { COMPANY_ID, companyWithOffices, LEEDS_OFFICE, YORK_OFFICE } from '../test/fixtures';
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

  it('offers a link per office beside the company link, and copies one', async () => {
    const { user } = renderWithPlatform(<ShareLinkDialog open onOpenChange={() => {}} />, { handlers: { 'employers.get': companyWithOffices } });
    const company = `https://portal.example/#/setup-account?employer_id=${COMPANY_ID}`;
    expect(screen.getByRole('textbox', { name: 'Sign-up link' })).toHaveValue(company);
    const offices = await screen.findByRole('region', { name: MESSAGES.employees.officeLinksTitle });
    expect(await within(offices).findByRole('textbox', { name: '1 Park Row, Leeds' })).toHaveValue(`${company}&office_id=${LEEDS_OFFICE}`);
    expect(within(offices).getByRole('textbox', { name: '2 Station Road, York' })).toHaveValue(`${company}&office_id=${YORK_OFFICE}`);
    await user.click(within(within(offices).getAllByRole('listitem')[1]!).getByRole('button', { name: 'Copy Link' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(`${company}&office_id=${YORK_OFFICE}`);
  });

  it("offers an office admin only their offices' links: not the company's, nor another office's", async () => {
    const { user } = renderWithPlatform(<ShareLinkDialog open onOpenChange={() => {}} />, {
      session: { offices: [LEEDS_OFFICE] },
      handlers: { 'employers.get': companyWithOffices },
    });
    const company = `https://portal.example/#/setup-account?employer_id=${COMPANY_ID}`;
    const offices = await screen.findByRole('region', { name: MESSAGES.employees.officeLinksTitle });
    expect(await within(offices).findByRole('textbox', { name: '1 Park Row, Leeds' })).toHaveValue(`${company}&office_id=${LEEDS_OFFICE}`);
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect(screen.queryByRole('textbox', { name: 'Sign-up link' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: '2 Station Road, York' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription(MESSAGES.employees.myOfficeLinksText);
    await user.click(within(offices).getByRole('button', { name: 'Copy Link' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(`${company}&office_id=${LEEDS_OFFICE}`);
  });

  it('tells an office admin whose offices are gone to ask a whole-company admin, offering no link', async () => {
    renderWithPlatform(<ShareLinkDialog open onOpenChange={() => {}} />, {
      session: { offices: ['00000000-0000-4000-8000-0000000000ff'] },
      handlers: { 'employers.get': companyWithOffices },
    });
    expect(await screen.findByText(MESSAGES.employees.myOfficeLinksNone)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it("keeps the company link when the offices cannot be read, and says why", async () => {
    renderWithPlatform(<ShareLinkDialog open onOpenChange={() => {}} />, {
      handlers: {
        'employers.get': () => {
          throw new ApiError(500, 'Offices are down');
        },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Offices are down');
    expect(screen.getByRole('textbox', { name: 'Sign-up link' })).toBeInTheDocument();
  });

  it('explains that the link needs a company first', () => {
    renderWithPlatform(<ShareLinkDialog open onOpenChange={() => {}} />, { session: null });
    expect(screen.queryByRole('button', { name: 'Copy Link' })).not.toBeInTheDocument();
    expect(screen.getByText(/Set up your company first/)).toBeInTheDocument();
  });
});
