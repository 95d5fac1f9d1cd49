import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import styles from './tabs.module.css';
import { cx } from './cx';

export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  items: readonly TabItem[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Names the tab list for screen readers. */
  label?: string;
  className?: string;
}

/**
 * Radix builds each trigger's id and `aria-controls` from the tab's value; a value with a space
 * ("Company Details") made an IDREF list of two ids that do not exist. Radix is given each tab's
 * position instead, and callers keep their own values.
 */
const keyOf = (items: readonly TabItem[], value: string | undefined) => {
  const i = items.findIndex((t) => t.value === value);
  return i < 0 ? undefined : `tab${i}`;
};

/** Tabs with arrow-key navigation between triggers (Radix). */
export function Tabs({ items, value, defaultValue, onValueChange, label, className }: TabsProps) {
  return (
    <RadixTabs.Root
      className={cx(styles.root, className)}
      value={value === undefined ? undefined : (keyOf(items, value) ?? '')}
      defaultValue={keyOf(items, defaultValue ?? items[0]?.value)}
      onValueChange={(key) => {
        const item = items[Number(key.slice(3))];
        if (item) onValueChange?.(item.value);
      }}
    >
      <RadixTabs.List className={styles.list} aria-label={label}>
        {items.map((t, i) => (
          <RadixTabs.Trigger key={t.value} value={`tab${i}`} className={styles.trigger} disabled={t.disabled}>
            {t.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((t, i) => (
        <RadixTabs.Content key={t.value} value={`tab${i}`} className={styles.panel}>
          {t.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
