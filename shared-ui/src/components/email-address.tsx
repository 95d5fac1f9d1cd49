import { Fragment } from 'react';
import styles from './misc.module.css';

/**
 * An email address that wraps, when it must, only where a reader expects: before the @ and before
 * each dot of the domain, never in the middle of a word. Each piece between those places is held
 * together (`white-space: nowrap`), so a hyphen ("mary-jane@", "greenway-logistics") is no place to
 * break either; the `<wbr>` between the pieces are, and copying the address gives it unchanged.
 */
export function EmailAddress({ value, className }: { value: string; className?: string }) {
  const at = value.lastIndexOf('@');
  if (at < 0) {
    return (
      <span className={className} translate="no">
        {value}
      </span>
    );
  }
  const [first, ...rest] = value.slice(at + 1).split('.');
  const pieces = [value.slice(0, at), `@${first}`, ...rest.map((part) => `.${part}`)];
  return (
    <span className={className} translate="no">
      {pieces.map((piece, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          <span className={styles.emailPiece}>{piece}</span>
        </Fragment>
      ))}
    </span>
  );
}
