import { Fragment } from 'react';

/**
 * An email address that wraps, when it must, only where a reader expects: before the @ and before
 * each dot of the domain, never in the middle of a word (the cell holding it does not break words).
 */
export function EmailAddress({ value, className }: { value: string; className?: string }) {
  const at = value.lastIndexOf('@');
  const local = at < 0 ? value : value.slice(0, at);
  const domain = at < 0 ? [] : value.slice(at + 1).split('.');
  return (
    <span className={className} translate="no">
      {local}
      {at < 0 ? null : (
        <>
          <wbr />@
          {domain.map((part, i) => (
            <Fragment key={i}>
              {i > 0 ? (
                <>
                  <wbr />.
                </>
              ) : null}
              {part}
            </Fragment>
          ))}
        </>
      )}
    </span>
  );
}
