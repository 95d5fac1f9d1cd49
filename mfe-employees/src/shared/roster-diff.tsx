import { useId, useState, type ReactNode } from 'react';
import { Button } from '@portal/shared-ui/form';
import { MESSAGES } from '@portal/shared-contracts/messages';
import type { RosterDiff } from '@portal/shared-contracts';
import styles from './import-csv-dialog.module.css';

const R = MESSAGES.roster;

/** Rows a section shows at first and adds per "Show more": a 10 000-row file never renders at once. */
export const ROSTER_PAGE = 50;

const valueOf = (field: string, v: string | null) =>
  v === null || v === '' ? (field === 'office' ? MESSAGES.insights.noOffice : R.empty) : field === 'status' ? (R.statuses[v] ?? v) : v;

/** One of the three lists: its title with the count, a table of the first rows, and more on demand. */
function Section<T>({ title, items, head, row }: { title: string; items: readonly T[]; head: ReactNode; row: (item: T) => ReactNode }) {
  const [shown, setShown] = useState(ROSTER_PAGE);
  const id = useId();
  const visible = items.slice(0, shown);
  return (
    <div className={styles.rosterSection}>
      <h3 id={id} className={styles.rosterHeading}>
        {R.sectionTitle(title, items.length)}
      </h3>
      {items.length === 0 ? (
        <p className={styles.rosterNone}>{R.none}</p>
      ) : (
        <>
          <div className={styles.reportScroll} tabIndex={0} role="region" aria-labelledby={id}>
            <table className={styles.reportTable}>
              <thead>{head}</thead>
              <tbody>{visible.map(row)}</tbody>
            </table>
          </div>
          {items.length > shown && (
            <div className={styles.rosterMore}>
              <span>{R.showing(visible.length, items.length)}</span>
              <Button variant="secondary" size="sm" onClick={() => setShown((n) => n + ROSTER_PAGE)}>
                {R.showMore}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

/** The difference a roster file makes (the preview), or made (the report after the apply): new, changed, leaving. */
export function RosterDiffView({ diff }: { diff: RosterDiff }) {
  const C = R.columns;
  return (
    <div className={styles.rosterLists}>
      <Section
        title={R.sections.added}
        items={diff.added}
        head={
          <tr>
            <th scope="col">{C.line}</th>
            <th scope="col">{C.name}</th>
            <th scope="col">{C.email}</th>
            <th scope="col">{C.employeeNumber}</th>
          </tr>
        }
        row={(a) => (
          <tr key={a.line}>
            <td>{a.line}</td>
            <td>{`${a.firstName} ${a.lastName}`}</td>
            <td>{a.email}</td>
            <td>{a.employeeNumber}</td>
          </tr>
        )}
      />
      <Section
        title={R.sections.changed}
        items={diff.changed}
        head={
          <tr>
            <th scope="col">{C.line}</th>
            <th scope="col">{C.name}</th>
            <th scope="col">{C.email}</th>
            <th scope="col">{C.changes}</th>
          </tr>
        }
        row={(c) => (
          <tr key={c.id}>
            <td>{c.line}</td>
            <td>{c.name}</td>
            <td>{c.email}</td>
            <td>
              <ul className={styles.rosterChanges}>
                {c.changes.map((ch) => (
                  <li key={ch.field}>{R.change(R.fields[ch.field] ?? ch.field, valueOf(ch.field, ch.from), valueOf(ch.field, ch.to))}</li>
                ))}
              </ul>
            </td>
          </tr>
        )}
      />
      <Section
        title={R.sections.leaving}
        items={diff.leaving}
        head={
          <tr>
            <th scope="col">{C.name}</th>
            <th scope="col">{C.email}</th>
            <th scope="col">{C.employeeNumber}</th>
          </tr>
        }
        row={(l) => (
          <tr key={l.id}>
            <td>{l.name}</td>
            <td>{l.email}</td>
            <td>{l.employeeNumber ?? ''}</td>
          </tr>
        )}
      />
    </div>
  );
}
