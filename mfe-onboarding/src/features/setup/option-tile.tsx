import type { ReactNode } from 'react';
import styles from './option-tile.module.css';

interface OptionTileProps {
  title: string;
  text?: string;
  icon?: ReactNode;
  onSelect: () => void;
  /** The choice opens a dialog (said to assistive technology as `aria-haspopup="dialog"`). */
  opensDialog?: boolean;
}

/** A large choice button (setup step 3 options, account-completed destinations). */
export function OptionTile({ title, text, icon, onSelect, opensDialog }: OptionTileProps) {
  return (
    <button type="button" className={styles.tile} onClick={onSelect} aria-haspopup={opensDialog ? 'dialog' : undefined}>
      {icon ? <span className={styles.icon}>{icon}</span> : null}
      <span className={styles.title}>{title}</span>
      {text ? <span className={styles.text}>{text}</span> : null}
    </button>
  );
}
