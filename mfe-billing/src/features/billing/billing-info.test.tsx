import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError, MESSAGES } from '@portal/shared-contracts';
import { renderWithPlatform } from '@portal/testing';
import { billingServer, makeBilling } from '../../test/fixtures';
import { BillingInfo } from './billing-info';

const COPY = MESSAGES.billing;
const CANCEL = MESSAGES.labels.cancelSubscription;

/** The value shown beside a fact's label. */
function fact(label: string): HTMLElement {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
}

describe('Billing information', () => {
  it('shows the company, the status, the fee in pounds, the payment method and the expiry day', async () => {
    const server = billingServer(makeBilling({ subscriptionFeePence: 125_000, billingInterval: 'month', expiryDate: '2026-12-01T00:00:00.000Z' }));
    renderWithPlatform(<BillingInfo />, { handlers: server.handlers });
    expect(await screen.findByText('Greenway Logistics Ltd')).toBeInTheDocument();
    expect(within(fact(COPY.facts.subscriptionStatus)).getByText('Active')).toHaveClass('success');
    expect(fact(COPY.facts.subscriptionFee)).toHaveTextContent(`£1,250.00 ${COPY.feePer.month}`);
    expect(fact(COPY.facts.paymentMethod)).toHaveTextContent('Visa ending 4242');
    expect(fact(COPY.facts.plan)).toHaveTextContent('Business');
    expect(fact(COPY.facts.expiryDate)).toHaveTextContent('01/12/2026');
  });

  it('a yearly fee says so', async () => {
    renderWithPlatform(<BillingInfo />, { handlers: billingServer(makeBilling({ subscriptionFeePence: 1_200_050, billingInterval: 'year' })).handlers });
    expect(await screen.findByText('£12,000.50')).toBeInTheDocument();
    expect(fact(COPY.facts.subscriptionFee)).toHaveTextContent(`£12,000.50 ${COPY.feePer.year}`);
  });

  it('Cancel Subscription asks first, naming the day the service ends; Keep Subscription changes nothing', async () => {
    const { user, callsTo } = renderWithPlatform(<BillingInfo />, { handlers: billingServer().handlers });
    await user.click(await screen.findByRole('button', { name: CANCEL }));
    const dialog = await screen.findByRole('dialog', { name: CANCEL });
    expect(dialog).toHaveTextContent(`${COPY.cancelConfirm} ${COPY.serviceEndsOn('01/12/2026')}`);
    await user.click(within(dialog).getByRole('button', { name: COPY.keepSubscription }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('billing.cancel')).toEqual([]);
  });

  it('cancels, then shows the pending end with Resume; resuming brings Cancel Subscription back', async () => {
    const server = billingServer();
    const { user, toast, callsTo } = renderWithPlatform(<BillingInfo />, { handlers: server.handlers });
    await user.click(await screen.findByRole('button', { name: CANCEL }));
    const dialog = await screen.findByRole('dialog', { name: CANCEL });
    await user.click(within(dialog).getByRole('button', { name: CANCEL }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(COPY.cancelled));
    expect(callsTo('billing.cancel')).toHaveLength(1);
    expect(await screen.findByText(COPY.endsOn('01/12/2026'))).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: COPY.resume })).toHaveFocus());
    expect(within(fact(COPY.facts.subscriptionStatus)).getByText(COPY.activeUntil('01/12/2026'))).toHaveClass('warning');
    expect(screen.queryByRole('button', { name: CANCEL })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The answer itself updated the page: the billing was not asked again.
    expect(callsTo('billing.billing')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: COPY.resume }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(COPY.resumed));
    expect(callsTo('billing.resume')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: CANCEL })).toHaveFocus();
    expect(within(fact(COPY.facts.subscriptionStatus)).getByText('Active')).toHaveClass('success');
    expect(screen.queryByText(COPY.endsOn('01/12/2026'))).not.toBeInTheDocument();
  });

  it('opens on a pending cancellation as the server keeps it', async () => {
    renderWithPlatform(<BillingInfo />, { handlers: billingServer(makeBilling({ cancelAtPeriodEnd: true, cancelledAt: '2026-11-20T09:00:00.000Z' })).handlers });
    expect(await screen.findByText(COPY.endsOn('01/12/2026'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: COPY.resume })).toBeInTheDocument();
  });

  it('says when the server changed nothing', async () => {
    const server = billingServer();
    const { user, toast } = renderWithPlatform(<BillingInfo />, {
      handlers: { ...server.handlers, 'billing.cancel': () => ({ success: true, message: COPY.alreadyCancelled, changed: false, billing: makeBilling({ cancelAtPeriodEnd: true }) }) },
    });
    await user.click(await screen.findByRole('button', { name: CANCEL }));
    await user.click(within(await screen.findByRole('dialog', { name: CANCEL })).getByRole('button', { name: CANCEL }));
    await waitFor(() => expect(toast.info).toHaveBeenCalledWith(COPY.alreadyCancelled));
    expect(toast.success).not.toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: COPY.resume })).toBeInTheDocument();
  });

  it("shows the server's reason when cancelling fails, and keeps the subscription as it was", async () => {
    const server = billingServer();
    const { user, toast } = renderWithPlatform(<BillingInfo />, {
      handlers: {
        ...server.handlers,
        'billing.cancel': () => {
          throw new ApiError(409, COPY.subscriptionEnded);
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: CANCEL }));
    await user.click(within(await screen.findByRole('dialog', { name: CANCEL })).getByRole('button', { name: CANCEL }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(COPY.subscriptionEnded));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: CANCEL })).toBeInTheDocument();
  });

  it('a subscription that has ended shows its status and offers neither Cancel nor Resume', async () => {
    renderWithPlatform(<BillingInfo />, { handlers: billingServer(makeBilling({ subscriptionStatus: 'Cancelled', cancelAtPeriodEnd: true })).handlers });
    expect(await screen.findByText(COPY.subscriptionEnded)).toBeInTheDocument();
    expect(within(fact(COPY.facts.subscriptionStatus)).getByText('Cancelled')).toHaveClass('danger');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says it is loading until the answer comes', async () => {
    renderWithPlatform(<BillingInfo />, { handlers: { 'billing.billing': () => new Promise(() => {}) } });
    expect(screen.getByRole('status')).toHaveTextContent(COPY.loading);
    // The facts' labels stand in place (hidden from screen readers) with a bar for each value, so
    // nothing below moves when they arrive; no fact is read out.
    expect(screen.getByText(COPY.facts.companyName).closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('definition')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows a failure with Retry, which asks again', async () => {
    const server = billingServer();
    let failures = 1;
    const { user } = renderWithPlatform(<BillingInfo />, {
      handlers: {
        ...server.handlers,
        'billing.billing': () => {
          if (failures-- > 0) throw new Error('offline');
          return server.billing;
        },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(COPY.loadFailed);
    await user.click(screen.getByRole('button', { name: MESSAGES.common.retry }));
    expect(await screen.findByText('Greenway Logistics Ltd')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's own reason when it refuses", async () => {
    renderWithPlatform(<BillingInfo />, {
      handlers: {
        'billing.billing': () => {
          throw new ApiError(400, COPY.companyRequired);
        },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(COPY.loadFailed);
    expect(alert).toHaveTextContent(COPY.companyRequired);
  });

  it('a company still in setup has no subscription yet: said plainly, with nothing to retry', async () => {
    renderWithPlatform(<BillingInfo />, {
      handlers: {
        'billing.billing': () => {
          throw new ApiError(404, COPY.noSubscription);
        },
      },
    });
    expect(await screen.findByText(COPY.noSubscription)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
