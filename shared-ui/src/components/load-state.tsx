import type { ReactNode } from 'react';
import { SHELL_MESSAGES as MESSAGES } from '@portal/shared-contracts/messages/shell';
import { serverMessage } from '@portal/shared-contracts/platform';
import { Button } from './button';
import { EmptyState } from './card';
import { cx } from './cx';
import { Spinner } from './spinner';
import { VisuallyHidden } from './visually-hidden';
import styles from './load-state.module.css';

/** The states of the query behind a page, a list or a widget (a react-query result fits). */
export interface LoadQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  /** A new month, page or search is loading while the previous answer stays on screen. */
  isPlaceholderData?: boolean;
  /** 'idle' while pending: the query waits for what it needs (an id), it is not loading. */
  fetchStatus?: 'fetching' | 'paused' | 'idle';
  refetch: () => unknown;
}

/** Work in progress in the place of what it loads: a large spinner, named for screen readers. */
export function Loading({ label, className }: { label: string; className?: string }) {
  return (
    <div className={cx(styles.center, className)}>
      <Spinner size="lg" label={label} />
    </div>
  );
}

export interface LoadFailedProps {
  /** What could not be loaded. */
  title: ReactNode;
  /** A line under the title, e.g. the server's reason (not in a compact failure, whose title says it). */
  reason?: ReactNode;
  onRetry: () => void;
  /** A widget's failure: one line in a tinted box and a small Retry, instead of the page's empty state. */
  compact?: boolean;
  className?: string;
}

/** A failed load, announced (not only logged): what could not be loaded, and Retry. */
export function LoadFailed({ title, reason, onRetry, compact = false, className }: LoadFailedProps) {
  if (compact) {
    return (
      <div role="alert" className={cx(styles.failed, className)}>
        <p>{title}</p>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {MESSAGES.common.retry}
        </Button>
      </div>
    );
  }
  return (
    <div role="alert" className={className}>
      <EmptyState
        title={title}
        action={
          <Button variant="secondary" onClick={onRetry}>
            {MESSAGES.common.retry}
          </Button>
        }
      >
        {reason || null}
      </EmptyState>
    </div>
  );
}

/** Content whose next answer is loading while this one stays on screen: dimmed and busy meanwhile. */
export function StaleContent({ stale, children }: { stale: boolean | undefined; children: ReactNode }) {
  return (
    <div className={stale ? styles.stale : undefined} aria-busy={stale || undefined}>
      {children}
    </div>
  );
}

export interface LoadStateProps<T> {
  query: LoadQuery<T>;
  /** Names what is loading for screen readers. */
  loadingLabel: string;
  /** The content's shape in grey bars (`Skeleton`) while the first answer loads; without it, a spinner. */
  skeleton?: ReactNode;
  /** What could not be loaded. */
  failedText: string;
  /**
   * How a failure reads. `page` (default): `failedText` over Retry. `page-with-reason`: the server's
   * reason, when it gave one, under it. `widget`: in a card, the server's reason or else `failedText`,
   * with a small Retry.
   */
  failure?: 'page' | 'page-with-reason' | 'widget';
  /**
   * The content. A function of the answer waits for it, and is dimmed while the next one loads. Plain
   * content needs no answer: a query that waits for what it needs (pending, not fetching) lets it through.
   */
  children: ReactNode | ((data: T) => ReactNode);
}

/** What a page, list or widget shows of its query: loading, the failure with Retry, then the content. */
export function LoadState<T>({ query, loadingLabel, skeleton, failedText, failure = 'page', children }: LoadStateProps<T>) {
  const needsData = typeof children === 'function';
  if (query.isPending && (needsData || query.fetchStatus !== 'idle')) {
    if (skeleton === undefined) return <Loading label={loadingLabel} />;
    return (
      <div role="status" aria-label={loadingLabel} aria-busy="true" className={styles.loading}>
        <VisuallyHidden>{loadingLabel}</VisuallyHidden>
        <div aria-hidden="true">{skeleton}</div>
      </div>
    );
  }
  if (query.isError || (needsData && query.data === undefined)) {
    const retry = () => void query.refetch();
    if (failure === 'widget') return <LoadFailed compact title={serverMessage(query.error, failedText)} onRetry={retry} />;
    return <LoadFailed title={failedText} reason={failure === 'page-with-reason' ? serverMessage(query.error, '') : undefined} onRetry={retry} />;
  }
  if (!needsData) return <>{children}</>;
  return <StaleContent stale={query.isPlaceholderData}>{children(query.data as T)}</StaleContent>;
}

/** Grey bars in the shape of what is loading: lines of text, big figures, table rows or a chart. */
export function Skeleton({ lines = 3, shape = 'line' }: { lines?: number; shape?: 'line' | 'figure' | 'row' | 'chart' }) {
  return (
    <div className={styles.skeleton}>
      {Array.from({ length: lines }, (_, i) => (
        <SkeletonBar key={i} className={styles[shape]} />
      ))}
    </div>
  );
}

/** One grey bar of a skeleton, sized by the caller (a chart's height); `inline` in a line of text (a figure's place). */
export function SkeletonBar({ inline = false, className, children }: { inline?: boolean; className?: string; children?: ReactNode }) {
  return <span className={cx(styles.bar, inline && styles.inline, className)}>{children}</span>;
}
