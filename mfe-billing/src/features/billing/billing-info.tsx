import { useEffect, useRef, useState, type ReactNode } from 'react';
import { isApiError, serverMessage, usePlatform } from '@portal/shared-contracts/platform';
import { MESSAGES } from '@portal/shared-contracts/messages';
import type { Billing } from '@portal/shared-contracts';
import { ConfirmDialog } from '@portal/shared-ui/overlays';
import { Button, VisuallyHidden } from '@portal/shared-ui/form';
import { Badge, Card, EmptyState, LoadFailed, SkeletonBar } from '@portal/shared-ui/data-display';
import { useBilling } from '../../api/get-billing';
import { useCancelSubscriptionMutation } from '../../api/cancel-subscription';
import { useResumeSubscriptionMutation } from '../../api/resume-subscription';
import { formatDay, formatPence, subscriptionState, TRIAL_TONE } from './format';
import styles from './billing.module.css';

const COPY = MESSAGES.billing;

/** The spec's billing information: company, subscription status, fee, payment method, expiry date. */
export function BillingInfo() {
  // An employer or admin always reads their own company; the shell keeps a super admin out of /payment.
  const billing = useBilling({});
  return (
    <Card title={COPY.infoTitle} aria-label={COPY.infoTitle} aria-busy={billing.isPending || undefined}>
      {billing.isPending ? (
        <FactsLoading />
      ) : isApiError(billing.error) && billing.error.status === 404 ? (
        // A company still in setup has no subscription yet: nothing to retry.
        <EmptyState title={serverMessage(billing.error, COPY.noSubscription)} />
      ) : billing.isError ? (
        <LoadFailed title={COPY.loadFailed} reason={serverMessage(billing.error, '')} onRetry={() => void billing.refetch()} />
      ) : (
        <BillingFacts billing={billing.data} />
      )}
    </Card>
  );
}

/**
 * While the billing loads: the facts' labels with a bar in each value's place and the actions' row,
 * so that the payment history below does not move down when the facts arrive (Lighthouse measured a
 * layout shift of 0.15 on a phone with a spinner here).
 */
function FactsLoading() {
  const bar = <SkeletonBar inline className={styles.factBar}>{'\u00a0'}</SkeletonBar>;
  return (
    <>
      <span role="status">
        <VisuallyHidden>{COPY.loading}</VisuallyHidden>
      </span>
      <div aria-hidden="true">
        <dl className={styles.facts}>
          <Fact label={COPY.facts.companyName} wide>{bar}</Fact>
          <Fact label={COPY.facts.subscriptionStatus}>{bar}</Fact>
          <Fact label={COPY.facts.plan}>{bar}</Fact>
          <Fact label={COPY.facts.subscriptionFee}>{bar}</Fact>
          <Fact label={COPY.facts.paymentMethod}>{bar}</Fact>
          <Fact label={COPY.facts.expiryDate}>{bar}</Fact>
        </dl>
        <div className={styles.actions}>
          <SkeletonBar className={styles.actionBar} />
        </div>
      </div>
    </>
  );
}

/**
 * The spec's facts. On a free trial they state the terms the subscription will start on: the status
 * says how long the trial lasts, the payment method is still to be chosen, the expiry date is the
 * trial's end; there is nothing to cancel, and what to do next is said below the facts
 * (docs/decisions/0033-trial-and-consent.md).
 */
function BillingFacts({ billing }: { billing: Billing }) {
  const state = subscriptionState(billing);
  const ends = formatDay(billing.expiryDate);
  const trial = state === 'trial' ? billing.trial : null;
  return (
    <>
      <dl className={styles.facts}>
        <Fact label={COPY.facts.companyName} wide>
          <span className={styles.company}>{billing.companyName}</span>
        </Fact>
        <Fact label={COPY.facts.subscriptionStatus}>
          {trial ? (
            <Badge tone={TRIAL_TONE[trial.state]}>
              {trial.state === 'running' ? COPY.trialBadge(ends) : trial.state === 'ended' ? COPY.trialEndedBadge : COPY.restrictedBadge}
            </Badge>
          ) : state === 'active' ? (
            <Badge tone="success">{billing.subscriptionStatus}</Badge>
          ) : state === 'ending' ? (
            <Badge tone="warning">{COPY.activeUntil(ends)}</Badge>
          ) : (
            <Badge tone="danger">{billing.subscriptionStatus}</Badge>
          )}
        </Fact>
        <Fact label={COPY.facts.plan}>{billing.plan}</Fact>
        <Fact label={COPY.facts.subscriptionFee}>
          <span className={styles.money}>{formatPence(billing.subscriptionFeePence)}</span> {COPY.feePer[billing.billingInterval]}
          {state === 'trial' ? <span className={styles.feeNote}> {COPY.feeOnceStarted}</span> : null}
        </Fact>
        <Fact label={COPY.facts.paymentMethod}>{billing.paymentMethod ?? <span className={styles.pending}>{COPY.paymentMethodPending}</span>}</Fact>
        <Fact label={COPY.facts.expiryDate}>{ends}</Fact>
      </dl>
      {trial ? (
        <p className={styles.trialNotice} data-state={trial.state}>
          {trial.state === 'running'
            ? COPY.trialRunning(ends, COPY.daysLeft(trial.daysLeft))
            : trial.state === 'ended'
              ? COPY.trialEnded(ends, formatDay(trial.graceEndsAt))
              : COPY.trialRestricted(ends)}
        </p>
      ) : state === 'ended' ? (
        <p className={styles.notice}>{COPY.subscriptionEnded}</p>
      ) : state === 'trial' ? null : (
        <SubscriptionActions ending={state === 'ending'} ends={ends} />
      )}
    </>
  );
}

function Fact({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? `${styles.fact} ${styles.wide}` : styles.fact}>
      <dt className={styles.factLabel}>{label}</dt>
      <dd className={styles.factValue}>{children}</dd>
    </div>
  );
}

/**
 * Cancel Subscription behind a confirmation naming the day the service ends; once a cancellation is
 * pending, the day it ends and Resume instead. What shows comes from the server's answer.
 */
function SubscriptionActions({ ending, ends }: { ending: boolean; ends: string }) {
  const { toast } = usePlatform();
  const cancel = useCancelSubscriptionMutation();
  const resume = useResumeSubscriptionMutation();
  const [confirming, setConfirming] = useState(false);
  // The button that was used goes away with the change; focus moves to the one that replaces it.
  const action = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) action.current?.focus();
    asked.current = false;
  }, [ending]);

  const onCancel = async () => {
    asked.current = true;
    try {
      const answer = await cancel.mutateAsync();
      if (answer.changed) toast.success(COPY.cancelled);
      else toast.info(answer.message);
    } catch (err) {
      toast.error(serverMessage(err, COPY.cancelFailed));
    } finally {
      setConfirming(false);
    }
  };

  const onResume = async () => {
    asked.current = true;
    try {
      const answer = await resume.mutateAsync();
      if (answer.changed) toast.success(COPY.resumed);
      else toast.info(answer.message);
    } catch (err) {
      toast.error(serverMessage(err, COPY.resumeFailed));
    }
  };

  if (ending) {
    return (
      <div className={styles.actions}>
        <p className={styles.notice}>{COPY.endsOn(ends)}</p>
        <Button ref={action} onClick={() => void onResume()} loading={resume.isPending} loadingText={COPY.resuming}>
          {COPY.resume}
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.actions}>
      <Button ref={action} variant="danger" onClick={() => setConfirming(true)}>
        {MESSAGES.labels.cancelSubscription}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={MESSAGES.labels.cancelSubscription}
        message={`${COPY.cancelConfirm} ${COPY.serviceEndsOn(ends)}`}
        cancelLabel={COPY.keepSubscription}
        confirmLabel={MESSAGES.labels.cancelSubscription}
        busyLabel={COPY.cancelling}
        busy={cancel.isPending}
        tone="danger"
        onConfirm={() => void onCancel()}
      />
    </div>
  );
}
