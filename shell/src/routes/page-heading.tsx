import { useEffect } from 'react';
import { Spinner } from '@portal/shared-ui/form';
import { markPageDrawn } from '../platform/page-drawn';
import slotStyles from '../remotes/remote-slot.module.css';
import styles from './page-heading.module.css';

/**
 * What a routed page shows while its module loads: the slot's spinner, under the page's heading
 * when the module's own heading is the route's title (`heading` in the route table), in the same
 * place, so the first paint carries the page's largest text without waiting for the remote. Drawn
 * with the shell's own styles rather than shared-ui's `Page`, so the layout does not wait for the
 * data-display entry. When it goes, the module has been drawn (or has failed): the header widgets
 * may start (platform/page-drawn.ts). docs/decisions/0067.
 */
export function PageLoading({ title }: { title?: string | undefined }) {
  useEffect(() => markPageDrawn, []);
  const spinner = (
    <div className={slotStyles.loading}>
      <Spinner size="lg" />
    </div>
  );
  if (title === undefined) return spinner;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      {spinner}
    </div>
  );
}
