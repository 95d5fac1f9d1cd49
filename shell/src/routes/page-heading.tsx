import { Spinner } from '@portal/shared-ui/form';
import slotStyles from '../remotes/remote-slot.module.css';
import styles from './page-heading.module.css';

/**
 * What a route whose module draws shared-ui's `Page` under the route's title shows while the module
 * loads: the same heading, in the same place, and the spinner under it; the module's own page takes
 * its place (docs/decisions/0067). Drawn with the shell's own styles rather than `Page`, so that the
 * layout does not wait for the data-display entry before its first paint.
 */
export function PageHeadingWhileLoading({ title }: { title: string }) {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      <div className={slotStyles.loading}>
        <Spinner size="lg" />
      </div>
    </div>
  );
}
