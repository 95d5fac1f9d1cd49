import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared-contracts';
import { renderWithPlatform } from '@portal/testing';
import { billingServer, makeBilling, makeEntry } from '../../test/fixtures';
import { BillingPage } from './billing-page';

describe('Payment and Billing', () => {
  it('shows the billing information, then the payment history, each asked once', async () => {
    const { callsTo } = renderWithPlatform(<BillingPage />, { handlers: billingServer(makeBilling(), [makeEntry(1)]).handlers });
    expect(screen.getByRole('heading', { level: 1, name: MESSAGES.billing.title })).toBeInTheDocument();
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual([MESSAGES.billing.infoTitle, MESSAGES.billing.historyTitle]);
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'))).toEqual([MESSAGES.billing.infoTitle, MESSAGES.billing.historyTitle]);
    expect(await screen.findByText('Greenway Logistics Ltd')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: MESSAGES.billing.downloadInvoice('INV-2026-000001') })).toBeInTheDocument();
    // The employer's own company: no company is named in the address or the query.
    expect(callsTo('billing.billing')).toEqual([{ query: {} }]);
    expect(callsTo('billing.historyPage')).toEqual([{ query: { pageNumber: 1, pageSize: 10 } }]);
  });
});
