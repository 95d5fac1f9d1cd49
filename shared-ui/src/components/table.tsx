import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import styles from './table.module.css';
import { cx } from './cx';

export interface TableColumn<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** Applied to the column's header and cells (a narrow checkbox column, say). */
  className?: string;
  /**
   * The column's name beside each cell when a narrow table shows its rows as cards; defaults to the
   * header when that is text. A column without one (a checkbox, the row's actions) shows its cells alone.
   */
  label?: string;
}

export interface TableProps<Row> {
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  caption?: ReactNode;
  /** Caption visible to screen readers only. */
  hideCaption?: boolean;
  empty?: ReactNode;
  className?: string;
}

const labelOf = <Row,>(c: TableColumn<Row>) => c.label ?? (typeof c.header === 'string' ? c.header : undefined);

/**
 * A semantic data table from column definitions. In a narrow container (a phone) each row becomes a
 * card, every cell under its column's name, so no column and none of a row's actions ends up out of
 * reach beside the screen. For custom layouts use the compound parts below.
 */
export function Table<Row>({ columns, rows, rowKey, caption, hideCaption, empty, className }: TableProps<Row>) {
  return (
    <TableRoot className={cx(styles.cards, className)} caption={caption} hideCaption={hideCaption}>
      <thead>
        <tr>
          {columns.map((c) => (
            <Th key={c.key} align={c.align} className={c.className}>
              {c.header}
            </Th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && empty ? (
          <tr>
            <td className={styles.empty} colSpan={columns.length}>
              {empty}
            </td>
          </tr>
        ) : (
          rows.map((row) => (
            <Tr key={rowKey(row)}>
              {columns.map((c) => (
                <Td key={c.key} align={c.align} className={cx(labelOf(c) ? styles.labelled : styles.unlabelled, c.className)} data-label={labelOf(c)}>
                  <span className={styles.value}>{c.cell(row)}</span>
                </Td>
              ))}
            </Tr>
          ))
        )}
      </tbody>
    </TableRoot>
  );
}

export function TableRoot({ caption, hideCaption, className, children }: { caption?: ReactNode; hideCaption?: boolean; className?: string; children: ReactNode }) {
  return (
    <div className={cx(styles.wrap, className)}>
      <table className={styles.table}>
        {caption ? (
          <caption className={styles.caption} style={hideCaption ? srOnly : undefined}>
            {caption}
          </caption>
        ) : null}
        {children}
      </table>
    </div>
  );
}

const alignClass = (align?: 'left' | 'right' | 'center') => (align === 'right' ? styles.right : align === 'center' ? styles.center : undefined);

export function Th({ align, className, ...rest }: Omit<ThHTMLAttributes<HTMLTableCellElement>, 'align'> & { align?: 'left' | 'right' | 'center' }) {
  return <th scope="col" className={cx(styles.th, alignClass(align), className)} {...rest} />;
}

export function Td({ align, className, ...rest }: Omit<TdHTMLAttributes<HTMLTableCellElement>, 'align'> & { align?: 'left' | 'right' | 'center' }) {
  return <td className={cx(styles.td, alignClass(align), className)} {...rest} />;
}

export function Tr({ className, ...rest }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cx(styles.tr, rest.onClick && styles.clickable, className)} {...rest} />;
}

const srOnly = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
} as const;
