import * as Menu from '@radix-ui/react-dropdown-menu';
import type { ReactElement, ReactNode } from 'react';
import styles from './menu.module.css';
import { cx } from './cx';

export interface DropdownMenuItem {
  label: ReactNode;
  onSelect: () => void;
  disabled?: boolean;
  tone?: 'default' | 'danger';
  icon?: ReactNode;
  /** Draws a separator above this item. */
  separatorBefore?: boolean;
}

export interface DropdownMenuProps {
  /** One focusable element (e.g. a Button); it receives the menu's aria attributes. */
  trigger: ReactElement;
  items: readonly DropdownMenuItem[];
  align?: 'start' | 'center' | 'end';
  label?: string;
}

/** A menu button: arrow keys move, Enter selects, Esc closes and returns focus to the trigger. */
export function DropdownMenu({ trigger, items, align = 'end', label }: DropdownMenuProps) {
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className={styles.content} align={align} sideOffset={6} aria-label={label}>
          {items.map((item, i) => (
            <MenuEntry key={i} item={item} />
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

function MenuEntry({ item }: { item: DropdownMenuItem }): ReactNode {
  return (
    <>
      {item.separatorBefore && <Menu.Separator className={styles.separator} />}
      <Menu.Item
        className={cx(styles.item, item.tone === 'danger' && styles.danger)}
        disabled={item.disabled}
        onSelect={() => item.onSelect()}
      >
        {item.icon}
        {item.label}
      </Menu.Item>
    </>
  );
}
