import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared-contracts';
import { renderWithPlatform } from '@portal/testing';
import { billingServer, makeBilling, makeEntry } from '../../test/fixtures';
import { PaymentHistory } from './payment-history';

const COPY = MESSAGES.billing;

const history = (n: number) => Array.from({ length: n }, (_, i) => makeEntry(i + 1));
/** The table's body rows (the first row holds the headings). */
const bodyRows = () => screen.getAllByRole('row').slice(1);

describe('Payment history', () => {
  it('lists the invoices newest first with the spec columns, prices in pounds and dates in en-GB', async () => {
    const server = billingServer(makeBilling(), [makeEntry(1, { pricePence: 99_900 }), makeEntry(3, { pricePence: 125_050, paymentType: 'Direct Debit' }), makeEntry(2)]);
    renderWithPlatform(<PaymentHistory />, { handlers: server.handlers });
    expect(await screen.findByRole('table', { name: COPY.historyTitle })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([...COPY.historyColumns]);
    const [newest, , oldest] = bodyRows();
    expect(within(newest!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['INV-2026-000003', 'Direct Debit', '01/03/2026', '£1,250.50', 'Paid', COPY.download]);
    expect(oldest).toHaveTextContent('INV-2026-000001');
    expect(oldest).toHaveTextContent('£999.00');
  });

  it('styles paid, processing and anything else (not paid) differently, labelled with the status', async () => {
    const statuses = ['paid', 'processing', 'failed', 'refunded'];
    const server = billingServer(makeBilling(), statuses.map((paymentStatus, i) => makeEntry(4 - i, { paymentStatus })));
    renderWithPlatform(<PaymentHistory />, { handlers: server.handlers });
    await screen.findByRole('table');
    expect(screen.getByText('Paid')).toHaveClass('success');
    expect(screen.getByText('Processing')).toHaveClass('warning');
    expect(screen.getByText('Failed')).toHaveClass('danger');
    expect(screen.getByText('Refunded')).toHaveClass('danger');
  });

  it('links each invoice to its PDF, named after the invoice for screen readers', async () => {
    const entry = makeEntry(7);
    renderWithPlatform(<PaymentHistory />, { handlers: billingServer(makeBilling(), [entry]).handlers });
    const link = await screen.findByRole('link', { name: COPY.downloadInvoice('INV-2026-000007') });
    expect(link).toHaveAttribute('href', entry.pdfUrl);
    expect(link).toHaveAttribute('download');
  });

  it('pages 10 at a time, keeping the page in the address', async () => {
    const { user, callsTo, navigate } = renderWithPlatform(<PaymentHistory />, { handlers: billingServer(makeBilling(), history(12)).handlers, pathname: '/payment' });
    await screen.findByRole('table');
    expect(bodyRows()).toHaveLength(10);
    expect(bodyRows()[0]).toHaveTextContent('INV-2026-000012');
    const pager = screen.getByRole('navigation', { name: COPY.historyPages });
    expect(pager).toHaveTextContent(MESSAGES.labels.pageXofY(1, 2));
    expect(callsTo('billing.historyPage')).toEqual([{ query: { pageNumber: 1, pageSize: 10 } }]);

    await user.click(within(pager).getByRole('button', { name: MESSAGES.labels.next }));
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(bodyRows()[0]).toHaveTextContent('INV-2026-000002');
    expect(pager).toHaveTextContent(MESSAGES.labels.pageXofY(2, 2));
    expect(callsTo('billing.historyPage').at(-1)).toEqual({ query: { pageNumber: 2, pageSize: 10 } });
    expect(navigate).toHaveBeenLastCalledWith('/payment?page=2', { replace: true });
  });

  it('opens on the page the address names, or the last one when it names a page beyond it', async () => {
    const { callsTo } = renderWithPlatform(<PaymentHistory />, { handlers: billingServer(makeBilling(), history(12)).handlers, query: 'page=9' });
    await waitFor(() => expect(callsTo('billing.historyPage').at(-1)).toEqual({ query: { pageNumber: 2, pageSize: 10 } }));
    expect(callsTo('billing.historyPage')[0]).toEqual({ query: { pageNumber: 9, pageSize: 10 } });
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
  });

  it('says so when there is no payment yet', async () => {
    renderWithPlatform(<PaymentHistory />, { handlers: billingServer(makeBilling(), []).handlers });
    expect(await screen.findByText(COPY.noPayments)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('says it is loading until the first page comes', () => {
    renderWithPlatform(<PaymentHistory />, { handlers: { 'billing.historyPage': () => new Promise(() => {}) } });
    expect(screen.getByRole('status')).toHaveTextContent(COPY.historyLoading);
  });

  it('shows a failure with Retry, which asks again', async () => {
    const server = billingServer(makeBilling(), history(3));
    let failures = 1;
    const { user } = renderWithPlatform(<PaymentHistory />, {
      handlers: {
        ...server.handlers,
        'billing.historyPage': (input) => {
          if (failures-- > 0) throw new Error('offline');
          return server.handlers['billing.historyPage'](input);
        },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(COPY.historyFailed);
    await user.click(screen.getByRole('button', { name: MESSAGES.common.retry }));
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
