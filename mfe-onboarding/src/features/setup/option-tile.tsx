import type { ReactNode } from 'react';
import styles from './option-tile.module.css';

interface OptionTileProps {
  title: string;
  text?: string;
  icon?: ReactNode;
  onSelect: () => void;
}

/** A large choice button (setup step 3 options, account-completed destinations). */
export function OptionTile({ title, text, icon, onSelect }: OptionTileProps) {
  return (
    <button type="button" className={styles.tile} onClick={onSelect}>
      {icon ? <span className={styles.icon}>{icon}</span> : null}
      <span className={styles.title}>{title}</span>
      {text ? <span className={styles.text}>{text}</span> : null}
    </button>
  );
}
