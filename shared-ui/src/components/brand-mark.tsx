import { SHELL_START_MESSAGES as MESSAGES } from '@portal/shared-contracts/messages/shell-start';
import styles from './misc.module.css';
import { cx } from './cx';

export interface BrandMarkProps {
  /** Show the product name beside the mark (default). Without it the mark is named for screen readers. */
  showName?: boolean;
  /** What the mark alone is called for screen readers (default: the product's name), e.g. "Home" in a home link. */
  label?: string;
  size?: number;
  className?: string;
}

/** The portal mark (two journeys meeting at one point) with the product name; drawn inline, nothing fetched. */
export function BrandMark({ showName = true, label = MESSAGES.product.name, size = 32, className }: BrandMarkProps) {
  return (
    <span className={cx(styles.brandMark, className)} {...(showName ? {} : { role: 'img', 'aria-label': label })}>
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--color-primary)" />
        <path d="M7 23c4-9 8-12 9-12s5 3 9 12" fill="none" stroke="var(--color-text-inverse)" strokeWidth="2.4" strokeLinecap="round" />
        <circle cx="16" cy="11" r="3" fill="var(--color-brand-200)" />
        <circle cx="7" cy="23" r="2" fill="var(--color-text-inverse)" />
        <circle cx="25" cy="23" r="2" fill="var(--color-text-inverse)" />
      </svg>
      {showName ? <span>{MESSAGES.product.name}</span> : null}
    </span>
  );
}
