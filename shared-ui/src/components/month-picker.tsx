import { LABEL_MESSAGES } from '@portal/shared-contracts/messages/labels';
import styles from './month-picker.module.css';
import { cx } from './cx';

export interface MonthValue {
  year: number;
  /** 1 to 12 (what the api takes; the spec's client sent JavaScript's month + 1). */
  month: number;
}

export interface MonthPickerProps {
  value: MonthValue;
  onChange: (value: MonthValue) => void;
  /** Names the control, e.g. "Participation month". */
  label: string;
  min?: MonthValue;
  max?: MonthValue;
  disabled?: boolean;
  className?: string;
  locale?: string;
}

const index = (v: MonthValue) => v.year * 12 + (v.month - 1);
const fromIndex = (i: number): MonthValue => ({ year: Math.floor(i / 12), month: (i % 12) + 1 });

/** The current month, in the browser's time zone. */
export function currentMonth(now: Date = new Date()): MonthValue {
  return { year: now.getFullYear(), month: now.getMonth() + 1 };
}

export function formatMonth(v: MonthValue, locale = 'en-GB'): string {
  // One formatter per locale: `toLocaleDateString(locale, options)` builds a new one on every call,
  // which a page of month labels (a chart's, a year's) pays for on a phone's main thread.
  let format = monthFormats.get(locale);
  if (!format) monthFormats.set(locale, (format = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' })));
  return format.format(new Date(v.year, v.month - 1, 1));
}
const monthFormats = new Map<string, Intl.DateTimeFormat>();

/** Previous / "November 2026" / Next: works the same in every browser, unlike `<input type="month">`. */
export function MonthPicker({ value, onChange, label, min, max, disabled = false, className, locale = 'en-GB' }: MonthPickerProps) {
  const i = index(value);
  const canPrev = !disabled && (!min || i > index(min));
  const canNext = !disabled && (!max || i < index(max));
  const text = formatMonth(value, locale);
  return (
    <div className={cx(styles.picker, className)} role="group" aria-label={label}>
      <button type="button" className={styles.step} onClick={() => onChange(fromIndex(i - 1))} disabled={!canPrev} aria-label={LABEL_MESSAGES.labels.previousMonth(formatMonth(fromIndex(i - 1), locale))}>
        <svg width="10" height="14" viewBox="0 0 10 14" aria-hidden="true" focusable="false">
          <path d="M8 1.5L2.5 7 8 12.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <span className={styles.value} aria-live="polite">
        {text}
      </span>
      <button type="button" className={styles.step} onClick={() => onChange(fromIndex(i + 1))} disabled={!canNext} aria-label={LABEL_MESSAGES.labels.nextMonth(formatMonth(fromIndex(i + 1), locale))}>
        <svg width="10" height="14" viewBox="0 0 10 14" aria-hidden="true" focusable="false">
          <path d="M2 1.5L7.5 7 2 12.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
    </div>
  );
}
