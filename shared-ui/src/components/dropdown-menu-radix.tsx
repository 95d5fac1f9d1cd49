import * as Menu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import styles from './menu.module.css';
import { cx } from './cx';

import type { DropdownMenuItem, DropdownMenuProps } from './dropdown-menu';

// Radix's menu with floating-ui: loaded when a menu is first opened (./dropdown-menu.tsx).
export function RadixDropdownMenu({ trigger, items, align = 'end', label, defaultOpen }: DropdownMenuProps & { defaultOpen?: boolean }) {
  return (
    <Menu.Root modal={false} defaultOpen={defaultOpen}>
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
