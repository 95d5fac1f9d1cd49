import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, MESSAGES, ROUTES } from '@portal/shared-contracts';
import { renderWithPlatform } from '@portal/testing';
import { billingServer, makeBilling, makeTrial } from '../../test/fixtures';
import { TrialNotice } from './trial-notice';

const COPY = MESSAGES.billing.notice;

describe('the trial notice above the employer pages', () => {
  it('says how long the trial lasts and leads to Payment and Billing', async () => {
    const { user, navigate } = renderWithPlatform(<TrialNotice />, { handlers: billingServer(makeTrial()).handlers, pathname: ROUTES.mainPage });
    const notice = await screen.findByRole('complementary', { name: COPY.label });
    expect(notice).toHaveTextContent(COPY.running(MESSAGES.billing.daysLeft(12), '01/12/2026'));
    await user.click(screen.getByRole('button', { name: COPY.action }));
    expect(navigate).toHaveBeenCalledWith(ROUTES.payment);
  });

  it('warns once the trial has ended, and says when the data is read-only', async () => {
    const { unmount } = renderWithPlatform(<TrialNotice />, { handlers: billingServer(makeTrial('ended')).handlers });
    expect(await screen.findByRole('complementary', { name: COPY.label })).toHaveTextContent(COPY.ended('15/12/2026'));
    unmount();
    renderWithPlatform(<TrialNotice />, { handlers: billingServer(makeTrial('restricted')).handlers });
    expect(await screen.findByRole('complementary', { name: COPY.label })).toHaveTextContent(COPY.restricted);
  });

  it('leaves its link out on Payment and Billing itself', async () => {
    renderWithPlatform(<TrialNotice />, { handlers: billingServer(makeTrial()).handlers, pathname: ROUTES.payment });
    expect(await screen.findByRole('complementary', { name: COPY.label })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: COPY.action })).not.toBeInTheDocument();
  });

  it('says nothing for a subscription, a company in setup or a failed read', async () => {
    const cases = [
      { 'billing.billing': () => makeBilling() },
      { 'billing.billing': () => { throw new ApiError(404, MESSAGES.billing.noSubscription); } },
      { 'billing.billing': () => { throw new ApiError(500, 'down'); } },
    ];
    for (const handlers of cases) {
      const { unmount, callsTo } = renderWithPlatform(<TrialNotice />, { handlers });
      await vi.waitFor(() => expect(callsTo('billing.billing').length).toBeGreaterThan(0));
      await new Promise((r) => setTimeout(r, 20));
      expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
      unmount();
    }
  });
});
