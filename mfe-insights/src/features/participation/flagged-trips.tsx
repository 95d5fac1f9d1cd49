import { useEffect, useId, useState } from 'react';
import { Badge, usePagedSearch, type TableColumn } from '@portal/shared-ui/data-display';
import { Button } from '@portal/shared-ui/form';
import { ConfirmDialog } from '@portal/shared-ui/overlays';
import { LIMITS } from '@portal/shared-contracts/constants';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { namesInBrief } from '@portal/shared-contracts/messages/company';
import { serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import type { FlaggedTrip, TripFlag } from '@portal/shared-contracts';
import { useDecideTripMutation, type TripDecision } from '../../api/decide-trip';
import { useFlaggedTrips } from '../../api/get-flagged-trips';
import { formatAmount, formatCount, formatDateTime } from '../../shared/format';
import { useCompanyControl, type InsightScopeQuery } from '../../shared/insight-scope';
import { PagedTable } from '../../shared/paged-table';
import sharedStyles from '../../shared/shared.module.css';
import styles from './participation.module.css';

const R = MESSAGES.insights.tripReview;

function reasonText(flag: TripFlag): string {
  return flag.reason === 'dayDistance' ? R.reasons.dayDistance(formatAmount(flag.dayMiles), formatAmount(flag.limitMiles)) : R.reasons.personOverlap(namesInBrief(flag.people));
}

interface Pending {
  trip: FlaggedTrip;
  decision: TripDecision;
}

function columns(decide: ((p: Pending) => void) | null): TableColumn<FlaggedTrip>[] {
  const all: TableColumn<FlaggedTrip>[] = [
    { key: 'started', header: R.columns.started, cell: (t) => <span className={sharedStyles.numeric}>{formatDateTime(t.startedAt)}</span> },
    { key: 'driver', header: R.columns.driver, cell: (t) => <span className={sharedStyles.name}>{t.driver.name}</span> },
    { key: 'passengers', header: R.columns.passengers, cell: (t) => <span className={styles.people}>{namesInBrief(t.passengers.map((p) => p.name))}</span> },
    { key: 'miles', header: R.columns.miles, align: 'right', cell: (t) => <span className={sharedStyles.numeric}>{formatAmount(t.distanceMiles)}</span> },
    {
      key: 'why',
      header: R.columns.why,
      cell: (t) => (
        <ul className={`${sharedStyles.plainList} ${styles.reasons}`}>
          {t.flags.map((f, i) => (
            <li key={`${i}-${f.reason}`}>{reasonText(f)}</li>
          ))}
        </ul>
      ),
    },
  ];
  if (!decide) return all;
  return [
    ...all,
    {
      key: 'decision',
      header: R.columns.decision,
      label: '',
      cell: (t) => {
        const when = formatDateTime(t.startedAt);
        return (
          <span className={styles.actions}>
            <Button size="sm" aria-label={R.confirmTrip(t.driver.name, when)} onClick={() => decide({ trip: t, decision: 'confirm' })}>
              {R.confirm}
            </Button>
            <Button size="sm" variant="secondary" aria-label={R.rejectTrip(t.driver.name, when)} onClick={() => decide({ trip: t, decision: 'reject' })}>
              {R.reject}
            </Button>
          </span>
        );
      },
    },
  ];
}

/**
 * The trips waiting for the employer's review, above the ranking they would change: each with why
 * it was flagged, and (for the company's own employer and admins) Confirm and Reject, each asked
 * again in a dialog. A super admin reads them only.
 */
export function FlaggedTrips({ scope, onSettled }: { scope: InsightScopeQuery; onSettled?: () => void }) {
  const titleId = useId();
  const { toast } = usePlatform();
  // Its page is kept in the address beside the ranking's (`review.page`).
  const { page, setPage } = usePagedSearch({ param: 'review' });
  const trips = useFlaggedTrips({ ...scope, pageNumber: page, pageSize: LIMITS.pageSize });
  const { canManage } = useCompanyControl(scope);
  const decide = useDecideTripMutation();
  const [pending, setPending] = useState<Pending | null>(null);
  const waiting = trips.data?.totalCount ?? 0;
  const settled = !trips.isPending;
  useEffect(() => {
    if (settled) onSettled?.();
  }, [settled]);

  const onConfirm = async ({ trip, decision }: Pending) => {
    try {
      await decide.mutateAsync({ id: trip.id, decision });
      toast.success(decision === 'confirm' ? R.confirmed : R.rejected);
    } catch (error) {
      toast.error(serverMessage(error, R.decisionFailed));
    }
    setPending(null);
  };

  return (
    <section className={styles.review} aria-labelledby={titleId}>
      <div className={sharedStyles.spread}>
        <h2 id={titleId} className={styles.title}>
          {R.title}
        </h2>
        {waiting > 0 ? <Badge tone="warning">{R.waiting(formatCount(waiting))}</Badge> : null}
      </div>
      <p className={sharedStyles.note}>{canManage ? R.intro : `${R.intro} ${R.readOnly}`}</p>
      <PagedTable
        caption={R.title}
        columns={columns(canManage ? setPending : null)}
        rowKey={(t) => t.id}
        query={trips}
        onPageChange={setPage}
        emptyText={R.empty}
        pagerLabel={R.pages}
      />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending?.decision === 'reject' ? R.rejectTitle : R.confirmTitle}
        message={
          pending
            ? `${R.tripInBrief(pending.trip.driver.name, formatDateTime(pending.trip.startedAt), formatAmount(pending.trip.distanceMiles))} ${pending.decision === 'reject' ? R.rejectText : R.confirmText}`
            : ''
        }
        confirmLabel={pending?.decision === 'reject' ? R.reject : R.confirm}
        tone={pending?.decision === 'reject' ? 'danger' : 'default'}
        busy={decide.isPending}
        onConfirm={() => pending && void onConfirm(pending)}
      />
    </section>
  );
}
