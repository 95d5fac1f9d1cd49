import { MESSAGES, type MonthlyReportRecipient } from '@portal/shared-contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithPlatform } from '../../test/render';
import { MonthlyReportsCard } from './monthly-reports-card';

const M = MESSAGES.monthlyReports;
const ID = '7f1c2c57-79dd-4364-a862-f0fea98aa20e';

const recipient = (email: string, o: Partial<MonthlyReportRecipient> = {}): MonthlyReportRecipient => ({
  id: '22222222-2222-4222-8222-222222222222',
  email,
  addedAt: '2026-07-01T09:00:00.000Z',
  unsubscribedAt: null,
  lastDelivery: null,
  ...o,
});

describe('the Monthly reports card of Company Settings', () => {
  it("lists each recipient's last delivery, a failed one with the server's answer, and adds a recipient", async () => {
    const list = [
      recipient('cfo@example.com', { lastDelivery: { month: '2026-10', status: 'sent', attempts: 1, lastError: null, sentAt: '2026-11-02T00:01:00.000Z' } }),
      recipient('gone@example.com', { id: '11111111-1111-4111-8111-111111111111', lastDelivery: { month: '2026-10', status: 'failed', attempts: 1, lastError: '550 No such mailbox', sentAt: null } }),
    ];
    const { user, platform, callsTo } = renderWithPlatform(<MonthlyReportsCard companyId={ID} />, {
      session: { employerId: ID, signUpState: 3 },
      handlers: {
        'monthlyReports.recipients': () => ({ success: true, message: 'OK', timeZone: 'Europe/London', max: 10, recipients: list }),
        'monthlyReports.addRecipient': (input?: Record<string, unknown>) => ({ success: true, message: M.added, recipient: recipient((input!.body as { email: string }).email) }),
      },
    });
    const card = await screen.findByRole('region', { name: M.heading });
    expect(await within(card).findByText(M.lastDelivery('October 2026', M.deliveryStates.sent!))).toBeInTheDocument();
    expect(within(card).getByText(M.lastDelivery('October 2026', M.deliveryStates.failed!))).toBeInTheDocument();
    expect(within(card).getByText('550 No such mailbox')).toBeInTheDocument();
    await user.type(within(card).getByLabelText(M.emailLabel), 'not an email');
    await user.click(within(card).getByRole('button', { name: M.add }));
    expect(await within(card).findByText(M.emailInvalid)).toBeInTheDocument();
    expect(callsTo('monthlyReports.addRecipient')).toEqual([]);
    await user.clear(within(card).getByLabelText(M.emailLabel));
    await user.type(within(card).getByLabelText(M.emailLabel), 'board@example.com');
    await user.click(within(card).getByRole('button', { name: M.add }));
    await waitFor(() => expect(platform.toast.success).toHaveBeenCalledWith(M.added));
    expect(callsTo('monthlyReports.addRecipient')).toEqual([{ body: { email: 'board@example.com' } }]);
  });

  it("shows the company's time zone and saves another one from the list", async () => {
    const { user, platform, callsTo } = renderWithPlatform(<MonthlyReportsCard companyId={ID} />, {
      session: { employerId: ID, signUpState: 3 },
      handlers: {
        'monthlyReports.recipients': () => ({ success: true, message: 'OK', timeZone: 'Europe/London', max: 10, recipients: [] }),
        'monthlyReports.setTimeZone': (input?: Record<string, unknown>) => ({ success: true, message: M.timeZoneSaved, timeZone: (input!.body as { timeZone: string }).timeZone }),
      },
    });
    const card = await screen.findByRole('region', { name: M.heading });
    const select = await within(card).findByLabelText(M.timeZoneLabel);
    expect(select).toHaveValue('Europe/London');
    expect(within(card).getByRole('option', { name: 'America/New York' })).toBeInTheDocument();
    const save = within(card).getByRole('button', { name: M.timeZoneSave });
    expect(save).toBeDisabled();
    await user.selectOptions(select, 'Europe/Paris');
    await user.click(save);
    await waitFor(() => expect(platform.toast.success).toHaveBeenCalledWith(M.timeZoneSaved));
    expect(callsTo('monthlyReports.setTimeZone')).toEqual([{ body: { timeZone: 'Europe/Paris' } }]);
  });
});
