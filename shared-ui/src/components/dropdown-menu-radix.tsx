import * as Menu from '@radix-ui/react-dropdown-menu';
import { useRef, type ReactNode } from 'react';
import styles from './menu.module.css';
import { cx } from './cx';
import { noteMenuTrigger } from './focus-return';

import type { DropdownMenuItem, DropdownMenuProps } from './dropdown-menu-props';

// Radix's menu with floating-ui: loaded when a menu is first opened (./dropdown-menu.tsx).
export function RadixDropdownMenu({ trigger, items, align = 'end', label, defaultOpen }: DropdownMenuProps & { defaultOpen?: boolean }) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <Menu.Root modal={false} defaultOpen={defaultOpen}>
      <Menu.Trigger asChild ref={triggerRef}>
        {trigger}
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className={styles.content} align={align} sideOffset={6} aria-label={label}>
          {items.map((item, i) => (
            <MenuEntry key={i} item={item} onChosen={() => noteMenuTrigger(triggerRef.current)} />
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

function MenuEntry({ item, onChosen }: { item: DropdownMenuItem; onChosen: () => void }): ReactNode {
  return (
    <>
      {item.separatorBefore && <Menu.Separator className={styles.separator} />}
      <Menu.Item
        className={cx(styles.item, item.tone === 'danger' && styles.danger)}
        disabled={item.disabled}
        onSelect={() => {
          onChosen();
          item.onSelect();
        }}
      >
        {item.icon}
        {item.label}
      </Menu.Item>
    </>
  );
}
