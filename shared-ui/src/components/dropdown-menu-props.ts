import type { ReactElement, ReactNode } from 'react';

// What a menu takes, apart from its drawing: the lazily loaded Radix menu and the button both read it.
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
