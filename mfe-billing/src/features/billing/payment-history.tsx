import { useEffect } from 'react';
import { LIMITS } from '@portal/shared-contracts/constants';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { serverMessage } from '@portal/shared-contracts/platform';
import type { PaymentHistoryEntry } from '@portal/shared-contracts';
import { Badge, Card, EmptyState, LoadFailed, Loading, Pagination, StaleContent, TableRoot, Td, Th, Tr, usePagedSearch } from '@portal/shared-ui/data-display';
import { useHistoryPage } from '../../api/get-history-page';
import { formatDay, formatPence, paymentLabel, paymentTone } from './format';
import styles from './billing.module.css';

const COPY = MESSAGES.billing;
const [INVOICE_NO, PAYMENT_TYPE, DATE, PRICE, STATUS, INVOICE] = COPY.historyColumns;

/** The spec's payment history table, newest first, 10 a page with the page kept in the address. */
export function PaymentHistory() {
  const { page, setPage } = usePagedSearch();
  const history = useHistoryPage({ pageNumber: page, pageSize: LIMITS.pageSize });
  // A kept or shared address may name a page the history no longer has: show its last page instead.
  const answer = history.data;
  const lastPage = answer && !history.isPlaceholderData && answer.pageNumber > Math.max(1, answer.totalPages) ? Math.max(1, answer.totalPages) : null;
  useEffect(() => {
    if (lastPage !== null) setPage(lastPage);
  }, [lastPage]);

  return (
    <Card title={COPY.historyTitle} aria-label={COPY.historyTitle} aria-busy={history.isPending || undefined}>
      {history.isPending ? (
        <Loading label={COPY.historyLoading} />
      ) : history.isError ? (
        <LoadFailed title={COPY.historyFailed} reason={serverMessage(history.error, '')} onRetry={() => void history.refetch()} />
      ) : history.data.totalCount === 0 ? (
        <EmptyState title={COPY.noPayments} />
      ) : (
        <div className={styles.history}>
          <StaleContent stale={history.isPlaceholderData}>
            <HistoryTable entries={history.data.items} />
          </StaleContent>
          <Pagination
            page={history.data.pageNumber}
            totalPages={history.data.totalPages}
            hasPrevious={history.data.hasPreviousPage}
            hasNext={history.data.hasNextPage}
            onPageChange={setPage}
            disabled={history.isPlaceholderData}
            label={COPY.historyPages}
            className={styles.pager}
          />
        </div>
      )}
    </Card>
  );
}

/**
 * The invoices as a table; on a phone each row becomes a card (the cells carry their column's name
 * for that), so the page never scrolls sideways and every PDF link stays in reach.
 */
function HistoryTable({ entries }: { entries: readonly PaymentHistoryEntry[] }) {
  return (
    <TableRoot caption={COPY.historyTitle} hideCaption className={styles.table}>
      <thead>
        <tr>
          <Th>{INVOICE_NO}</Th>
          <Th>{PAYMENT_TYPE}</Th>
          <Th>{DATE}</Th>
          <Th align="right">{PRICE}</Th>
          <Th>{STATUS}</Th>
          <Th>{INVOICE}</Th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <Tr key={e.id}>
            <Td className={styles.invoiceNo}>{e.invoiceNo}</Td>
            <Td className={styles.labelled} data-label={PAYMENT_TYPE}>
              {e.paymentType}
            </Td>
            <Td className={styles.labelled} data-label={DATE}>
              {formatDay(e.paymentDate)}
            </Td>
            <Td align="right" className={`${styles.labelled} ${styles.money}`} data-label={PRICE}>
              {formatPence(e.pricePence)}
            </Td>
            <Td className={styles.status}>
              <Badge tone={paymentTone(e.paymentStatus)}>{paymentLabel(e.paymentStatus)}</Badge>
            </Td>
            <Td className={styles.pdf}>
              <a href={e.pdfUrl} download className={styles.pdfLink} aria-label={COPY.downloadInvoice(e.invoiceNo)}>
                <DownloadIcon />
                {COPY.download}
              </a>
            </Td>
          </Tr>
        ))}
      </tbody>
    </TableRoot>
  );
}

function DownloadIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M8 2v8m0 0l-3-3m3 3l3-3M3 13h10" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
