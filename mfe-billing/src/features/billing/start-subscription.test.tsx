import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError, MESSAGES } from '@portal/shared-contracts';
import { renderWithPlatform } from '@portal/testing';
import { billingServer, makeBilling, makeTrial } from '../../test/fixtures';
import { BillingPage } from './billing-page';

const COPY = MESSAGES.billing;

function fact(label: string): HTMLElement {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
}

/** The form is fetched on demand: it appears a moment after the facts. */
const startCard = () => screen.findByRole('region', { name: COPY.startTitle });

describe('Payment and Billing on a free trial', () => {
  it("shows the trial's end, the plan and its terms; no payment method, nothing to cancel", async () => {
    renderWithPlatform(<BillingPage />, { handlers: billingServer(makeTrial()).handlers });
    expect(await screen.findByText(COPY.trialBadge('01/12/2026'))).toHaveClass('info');
    expect(fact(COPY.facts.plan)).toHaveTextContent('Standard');
    expect(fact(COPY.facts.subscriptionFee)).toHaveTextContent(`£499.00 ${COPY.feePer.month} ${COPY.feeOnceStarted}`);
    expect(fact(COPY.facts.paymentMethod)).toHaveTextContent(COPY.paymentMethodPending);
    expect(fact(COPY.facts.expiryDate)).toHaveTextContent('01/12/2026');
    expect(screen.getByText(COPY.trialRunning('01/12/2026', COPY.daysLeft(12)))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: MESSAGES.labels.cancelSubscription })).not.toBeInTheDocument();

    const card = await startCard();
    for (const line of COPY.terms('Standard', '£499.00 per month', '20%')) expect(within(card).getByText(line)).toBeInTheDocument();
    // Nothing is chosen for the employer.
    expect(within(card).getByRole('radio', { name: 'Bank transfer' })).not.toBeChecked();
    expect(within(card).getByRole('checkbox', { name: COPY.acceptLabel('Standard') })).not.toBeChecked();
  });

  it('refuses to start without a payment method and the terms accepted, and calls nothing', async () => {
    const { user, callsTo } = renderWithPlatform(<BillingPage />, { handlers: billingServer(makeTrial()).handlers });
    const card = await screen.findByRole('region', { name: COPY.startTitle });
    await user.click(within(card).getByRole('button', { name: COPY.startButton }));
    expect(await within(card).findByText(COPY.choosePaymentMethod)).toBeInTheDocument();
    expect(within(card).getByText(COPY.acceptTerms)).toBeInTheDocument();
    await user.click(within(card).getByRole('radio', { name: 'Bank transfer' }));
    await user.click(within(card).getByRole('button', { name: COPY.startButton }));
    await waitFor(() => expect(within(card).queryByText(COPY.choosePaymentMethod)).not.toBeInTheDocument());
    expect(within(card).getByText(COPY.acceptTerms)).toBeInTheDocument();
    expect(callsTo('billing.start')).toEqual([]);
  });

  it('starts the subscription with the choices made, then shows it active and the first invoice', async () => {
    const server = billingServer(makeTrial());
    const { user, toast, callsTo } = renderWithPlatform(<BillingPage />, { handlers: server.handlers });
    const card = await screen.findByRole('region', { name: COPY.startTitle });
    await user.click(within(card).getByRole('radio', { name: 'Bank transfer' }));
    await user.click(within(card).getByRole('checkbox', { name: COPY.acceptLabel('Standard') }));
    await user.click(within(card).getByRole('button', { name: COPY.startButton }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(COPY.started));
    expect(callsTo('billing.start')).toEqual([{ body: { paymentMethod: 'Bank transfer', acceptTerms: true } }]);
    expect(await screen.findByText('Active')).toHaveClass('success');
    expect(fact(COPY.facts.paymentMethod)).toHaveTextContent('Bank transfer');
    expect(screen.queryByRole('region', { name: COPY.startTitle })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: MESSAGES.labels.cancelSubscription })).toBeInTheDocument();
    // The history is asked again: the first invoice exists now.
    await waitFor(() => expect(callsTo('billing.historyPage').length).toBeGreaterThanOrEqual(2));
  });

  it("shows the server's refusal", async () => {
    const server = billingServer(makeTrial());
    const { user, toast } = renderWithPlatform(<BillingPage />, {
      handlers: { ...server.handlers, 'billing.start': () => { throw new ApiError(400, COPY.unknownPaymentMethod); } },
    });
    const card = await screen.findByRole('region', { name: COPY.startTitle });
    await user.click(within(card).getByRole('radio', { name: 'Bank transfer' }));
    await user.click(within(card).getByRole('checkbox', { name: COPY.acceptLabel('Standard') }));
    await user.click(within(card).getByRole('button', { name: COPY.startButton }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(COPY.unknownPaymentMethod));
    expect(await startCard()).toBeInTheDocument();
  });

  it('says when the trial has ended, until when everything works, and when the data is read-only', async () => {
    const { unmount } = renderWithPlatform(<BillingPage />, { handlers: billingServer(makeTrial('ended')).handlers });
    expect(await screen.findByText(COPY.trialEndedBadge)).toHaveClass('warning');
    expect(screen.getByText(COPY.trialEnded('01/12/2026', '15/12/2026'))).toBeInTheDocument();
    unmount();
    renderWithPlatform(<BillingPage />, { handlers: billingServer(makeTrial('restricted')).handlers });
    expect(await screen.findByText(COPY.restrictedBadge)).toHaveClass('danger');
    expect(screen.getByText(COPY.trialRestricted('01/12/2026'))).toBeInTheDocument();
    expect(await startCard()).toBeInTheDocument();
  });

  it('offers no start while a subscription runs', async () => {
    renderWithPlatform(<BillingPage />, { handlers: billingServer(makeBilling()).handlers });
    expect(await screen.findByRole('button', { name: MESSAGES.labels.cancelSubscription })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: COPY.startTitle })).not.toBeInTheDocument();
  });
});
