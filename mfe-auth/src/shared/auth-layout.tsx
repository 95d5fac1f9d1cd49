import { BrandMark } from '@portal/shared-ui/form';
import type { ReactNode } from 'react';
import styles from './auth-layout.module.css';

interface AuthLayoutProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Content beside the card on wide screens, under it on narrow ones (the sign-up carousel). */
  aside?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}

/** The public account screens: the product's name over one centred card. */
export function AuthLayout({ title, subtitle, aside, footer, children }: AuthLayoutProps) {
  return (
    <main className={styles.page}>
      <div className={aside ? `${styles.frame} ${styles.withAside}` : styles.frame}>
        <div className={styles.card}>
          <BrandMark />
          <div className={styles.heading}>
            <h1 className={styles.title}>{title}</h1>
            {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
          </div>
          {children}
          {footer ? <div className={styles.footer}>{footer}</div> : null}
        </div>
        {/* After the form in the DOM so keyboard and screen-reader users reach the form first. */}
        {aside ? <div className={styles.aside}>{aside}</div> : null}
      </div>
    </main>
  );
}
