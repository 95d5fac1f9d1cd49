import { isApiError, MESSAGES, monthlyReportRecipientBodySchema, serverMessage, usePlatform, type MonthlyReportRecipient } from '@portal/shared-contracts';
import { LoadState } from '@portal/shared-ui/data-display';
import { Button, TextField } from '@portal/shared-ui/form';
import { useState, type FormEvent } from 'react';
import { useAddMonthlyReportRecipient, useMonthlyReportRecipients, useRemoveMonthlyReportRecipient } from '../../api/monthly-reports';
import styles from './company-settings-page.module.css';

const M = MESSAGES.monthlyReports;

const monthName = (month: string) => new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));

/** Where a recipient's mails stand: unsubscribed, not sent yet, or the latest month's delivery (with the server's answer when it failed). */
function deliveryText(r: MonthlyReportRecipient): string {
  if (r.unsubscribedAt) return M.unsubscribedState;
  if (!r.lastDelivery) return M.neverSent;
  return M.lastDelivery(monthName(r.lastDelivery.month), M.deliveryStates[r.lastDelivery.status] ?? r.lastDelivery.status);
}

/** The people who get the monthly report by mail (docs/decisions/0049): up to 10, added by email, removed one by one. */
export function MonthlyReportsCard({ companyId }: { companyId: string | null }) {
  const platform = usePlatform();
  const list = useMonthlyReportRecipients(companyId);
  const add = useAddMonthlyReportRecipient(companyId ?? '');
  const remove = useRemoveMonthlyReportRecipient(companyId ?? '');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onAdd = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = monthlyReportRecipientBodySchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await add.mutateAsync(parsed.data.email);
      setEmail('');
      platform.toast.success(M.added);
    } catch (err) {
      const field = isApiError(err) ? err.errors.find((x) => x.field === 'email')?.message : undefined;
      setError(field ?? serverMessage(err, MESSAGES.common.unknownError));
    }
  };

  const onRemove = async (r: MonthlyReportRecipient) => {
    try {
      await remove.mutateAsync(r.id);
      platform.toast.success(M.removed);
    } catch (err) {
      platform.toast.error(serverMessage(err, MESSAGES.common.unknownError));
    }
  };

  const data = list.data;
  const full = data ? data.recipients.length >= data.max : false;
  return (
    <section className={styles.card} aria-labelledby="monthly-reports-heading">
      <h2 id="monthly-reports-heading" className={styles.heading}>
        {M.heading}
      </h2>
      <LoadState query={list} loadingLabel={M.heading} failedText={MESSAGES.company.loadFailed}>
        {data ? (
          <>
            <p className={styles.muted}>
              {M.intro(data.max)} {M.timeZoneLabel}: {data.timeZone}.
            </p>
            {data.recipients.length === 0 ? (
              <p>{M.empty}</p>
            ) : (
              <ul className={styles.domainList} aria-label={M.listLabel}>
                {data.recipients.map((r) => (
                  <li key={r.id} className={styles.domainRow}>
                    <div className={styles.domainHead}>
                      <strong className={styles.domainName}>{r.email}</strong>
                      <Button type="button" size="sm" variant="secondary" aria-label={M.removeLabel(r.email)} onClick={() => void onRemove(r)}>
                        {M.remove}
                      </Button>
                    </div>
                    <span className={r.lastDelivery?.status === 'failed' && !r.unsubscribedAt ? styles.error : styles.muted}>{deliveryText(r)}</span>
                    {r.lastDelivery?.status === 'failed' && r.lastDelivery.lastError && !r.unsubscribedAt ? (
                      <span className={`${styles.muted} ${styles.record}`}>{r.lastDelivery.lastError}</span>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
            {full ? (
              <p className={styles.muted}>{M.tooMany(data.max)}</p>
            ) : (
              <form className={styles.inline} onSubmit={(e) => void onAdd(e)} noValidate>
                <TextField label={M.emailLabel} type="email" name="recipientEmail" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} error={error} />
                <Button type="submit" loading={add.isPending} loadingText={M.adding}>
                  {M.add}
                </Button>
              </form>
            )}
          </>
        ) : null}
      </LoadState>
    </section>
  );
}
