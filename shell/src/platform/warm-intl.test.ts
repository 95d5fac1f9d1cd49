import { afterEach, describe, expect, it } from 'vitest';
import { warmIntl } from './warm-intl';

describe('the first formatters of a signed-in page', () => {
  const { DateTimeFormat, NumberFormat } = Intl;
  afterEach(() => Object.assign(Intl, { DateTimeFormat, NumberFormat }));

  it('are built in tasks of their own, not in the caller’s', () => {
    const built: unknown[][] = [];
    Object.assign(Intl, {
      DateTimeFormat: class extends DateTimeFormat {
        constructor(...args: ConstructorParameters<typeof DateTimeFormat>) {
          super(...args);
          built.push(['date', ...args]);
        }
      },
      NumberFormat: class extends NumberFormat {
        constructor(...args: ConstructorParameters<typeof NumberFormat>) {
          super(...args);
          built.push(['number', ...args]);
        }
      },
    });
    const tasks: (() => void)[] = [];
    warmIntl((task) => tasks.push(task));
    expect(tasks).toHaveLength(2);
    expect(built).toEqual([]);
    tasks[0]!();
    expect(built).toEqual([['date', 'en-GB', { month: 'long', year: 'numeric' }]]);
    tasks[1]!();
    expect(built).toEqual([['date', 'en-GB', { month: 'long', year: 'numeric' }], ['number', 'en-GB']]);
  });
});
