import type { HTMLAttributes, ReactNode } from 'react';
import styles from './misc.module.css';
import { cx } from './cx';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  /** Heading level of the title (default 2). */
  headingLevel?: 1 | 2 | 3 | 4;
  actions?: ReactNode;
  padded?: boolean;
  as?: 'section' | 'div' | 'article';
}

/** A surface with an optional titled header; a `section` labelled by its title by default. */
export function Card({ title, headingLevel = 2, actions, padded = true, as: Tag = 'section', className, children, ...rest }: CardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <Tag className={cx(styles.card, padded && styles.cardPadded, className)} {...rest}>
      {title || actions ? (
        <div className={styles.cardHeader}>
          {title ? <Heading className={styles.cardTitle}>{title}</Heading> : <span />}
          {actions}
        </div>
      ) : null}
      {children}
    </Tag>
  );
}

/** Same surface as Card; the name reads better for page regions. */
export const Panel = Card;

export function EmptyState({ title, children, action, icon, className }: { title: ReactNode; children?: ReactNode; action?: ReactNode; icon?: ReactNode; className?: string }) {
  return (
    <div className={cx(styles.empty, className)}>
      {icon}
      <p className={styles.emptyTitle}>{title}</p>
      {children ? <div>{children}</div> : null}
      {action ? <div className={styles.emptyAction}>{action}</div> : null}
    </div>
  );
}
