import { MESSAGES } from '@portal/shared-contracts/messages';
import { Button } from '@portal/shared-ui/form';
import type { ReactNode } from 'react';
import styles from './setup-layout.module.css';

const STEPS = MESSAGES.setup.steps;

interface SetupLayoutProps {
  /** 1..3 */
  step: 1 | 2 | 3;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  onBack: () => void;
  /** Omitted on step 3, whose options are its way forward. */
  proceed?: {
    onClick?: () => void;
    /** Submit this form instead of calling onClick (step 2 submits the incentive form). */
    form?: string;
    loading?: boolean;
  };
}

/** The frame of the three setup steps: progress, title, content, Back and Proceed. */
export function SetupLayout({ step, title, intro, children, onBack, proceed }: SetupLayoutProps) {
  return (
    <main className={styles.page}>
      <div className={styles.inner}>
        <ol className={styles.steps} aria-label={MESSAGES.setup.progressLabel}>
          {STEPS.map((name, i) => {
            const n = i + 1;
            const state = n < step ? 'done' : n === step ? 'current' : 'todo';
            return (
              <li key={name} className={styles.step} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
                <span className={styles.stepNumber} aria-hidden="true">
                  {n}
                </span>
                <span>{name}</span>
              </li>
            );
          })}
        </ol>
        <header className={styles.header}>
          <p className={styles.kicker}>{MESSAGES.setup.stepOf(step, STEPS.length)}</p>
          <h1 className={styles.title}>{title}</h1>
          {intro ? <p className={styles.intro}>{intro}</p> : null}
        </header>
        <div className={styles.content}>{children}</div>
        <footer className={styles.footer}>
          <Button variant="link" onClick={onBack}>
            {MESSAGES.labels.back}
          </Button>
          {proceed ? (
            <Button type={proceed.form ? 'submit' : 'button'} form={proceed.form} onClick={proceed.onClick} loading={proceed.loading} size="lg">
              {MESSAGES.labels.proceed}
            </Button>
          ) : null}
        </footer>
      </div>
    </main>
  );
}
