import { dateTime } from '@portal/shared-contracts/date-time';
import { useState } from 'react';
import { Button, Spinner } from '@portal/shared-ui/form';
import { EmptyState, Pagination, Table, type TableColumn } from '@portal/shared-ui/data-display';
import { LIMITS } from '@portal/shared-contracts/constants';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import type { FailedMail } from '@portal/shared-contracts';
import { useFailedMail, useRetryFailedMailMutation } from '../../api/failed-mail';
import styles from './failed-mail.module.css';

const M = MESSAGES.mail;

/**
 * Mails the portal gave up delivering (a permanent refusal, or every retry failed): recipient,
 * kind, attempts and the mail server's last answer, newest first; Retry queues one again.
 */
export function FailedMailPage() {
  const { toast } = usePlatform();
  const [page, setPage] = useState(1);
  const list = useFailedMail(page, LIMITS.pageSize);
  const retry = useRetryFailedMailMutation();
  const [retrying, setRetrying] = useState<string | null>(null);

  const onRetry = async (m: FailedMail) => {
    setRetrying(m.id);
    try {
      const res = await retry.mutateAsync(m.id);
      toast.success(res.message);
    } catch (error) {
      toast.error(serverMessage(error, M.retryFailed));
    } finally {
      setRetrying(null);
    }
  };

  const C = M.columns;
  const columns: TableColumn<FailedMail>[] = [
    { key: 'to', header: C.to, cell: (m) => <span className={styles.strong}>{m.to}</span> },
    { key: 'kind', header: C.kind, cell: (m) => m.kind },
    { key: 'subject', header: C.subject, cell: (m) => <span className={styles.wrap}>{m.subject}</span> },
    { key: 'attempts', header: C.attempts, cell: (m) => m.attempts },
    { key: 'lastError', header: C.lastError, cell: (m) => <span className={styles.error}>{m.lastError ?? '-'}</span> },
    { key: 'createdAt', header: C.createdAt, cell: (m) => <time dateTime={m.createdAt}>{dateTime(m.createdAt)}</time> },
    {
      key: 'retry',
      header: <span className={styles.hidden}>{M.retry}</span>,
      label: M.retry,
      cell: (m) => (
        <Button variant="secondary" size="sm" loading={retrying === m.id} disabled={retrying !== null} onClick={() => void onRetry(m)} aria-label={M.retryLabel(m.to)}>
          {retrying === m.id ? M.retrying : M.retry}
        </Button>
      ),
    },
  ];

  const data = list.data;
  return (
    <section className={styles.page} aria-labelledby="failed-mail-title">
      <h1 id="failed-mail-title" className={styles.title}>
        {M.title}
        {data ? ` (${data.totalCount})` : ''}
      </h1>
      <p className={styles.intro}>{M.intro}</p>
      {list.isPending ? (
        <Spinner label={M.loading} />
      ) : list.isError ? (
        <div role="alert" className={styles.failed}>
          <p>
            {M.loadFailed} {serverMessage(list.error, MESSAGES.common.unknownError)}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
            {MESSAGES.common.retry}
          </Button>
        </div>
      ) : data && data.items.length === 0 ? (
        <EmptyState title={M.empty} />
      ) : (
        <>
          <Table caption={M.title} hideCaption columns={columns} rows={data?.items ?? []} rowKey={(m) => m.id} />
          {data && data.totalPages > 1 ? (
            <Pagination page={data.pageNumber} totalPages={data.totalPages} onPageChange={setPage} label={M.pages} />
          ) : null}
        </>
      )}
    </section>
  );
}
