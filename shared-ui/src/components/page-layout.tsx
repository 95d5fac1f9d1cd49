import type { ReactNode } from 'react';
import { cx } from './cx';
import styles from './page-layout.module.css';

export interface PageProps {
  /** The page's heading (its h1). */
  title: ReactNode;
  /** A line under the heading. */
  intro?: ReactNode;
  /** Beside the heading, e.g. a way back. */
  actions?: ReactNode;
  /** `lg` for a page of cards and panels; `md` (default) for lists and forms. */
  spacing?: 'md' | 'lg';
  /** The page's own width and padding, where it has them. */
  className?: string;
  children: ReactNode;
}

/** A page of the signed-in portal: its heading (with a line under it and actions beside it), then its content. */
export function Page({ title, intro, actions, spacing = 'md', className, children }: PageProps) {
  const heading = <h1 className={styles.title}>{title}</h1>;
  const introLine = intro ? <p className={styles.intro}>{intro}</p> : null;
  return (
    <div className={cx(styles.page, spacing === 'lg' && styles.roomy, className)}>
      {actions ? (
        <div className={styles.head}>
          <div>
            {heading}
            {introLine}
          </div>
          {actions}
        </div>
      ) : intro ? (
        <header className={styles.header}>
          {heading}
          {introLine}
        </header>
      ) : (
        heading
      )}
      {children}
    </div>
  );
}

/** The content of one of a page's tabs, its parts one under the other. */
export function TabBody({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cx(styles.tab, className)}>{children}</div>;
}
