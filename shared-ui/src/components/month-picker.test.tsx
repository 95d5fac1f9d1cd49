import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { formatMonth, MonthPicker, type MonthValue } from './month-picker';

function Harness({ start, max }: { start: MonthValue; max?: MonthValue }) {
  const [value, setValue] = useState(start);
  return <MonthPicker label="Participation month" value={value} onChange={setValue} max={max} />;
}

describe('MonthPicker', () => {
  it('steps across the year boundary and reports months 1 to 12', async () => {
    const user = userEvent.setup();
    render(<Harness start={{ year: 2026, month: 1 }} />);
    expect(screen.getByRole('group', { name: 'Participation month' })).toHaveTextContent('January 2026');
    await user.click(screen.getByRole('button', { name: /Previous month/ }));
    expect(screen.getByText('December 2025')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Next month/ }));
    await user.click(screen.getByRole('button', { name: /Next month/ }));
    expect(screen.getByText('February 2026')).toBeInTheDocument();
  });

  it('does not go past max', () => {
    render(<Harness start={{ year: 2026, month: 11 }} max={{ year: 2026, month: 11 }} />);
    expect(screen.getByRole('button', { name: /Next month/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Previous month/ })).toBeEnabled();
  });
});

describe('formatMonth', () => {
  it('writes each month in the locale asked for, one formatter per locale', () => {
    expect(formatMonth({ year: 2026, month: 7 })).toBe('July 2026');
    expect(formatMonth({ year: 2026, month: 7 }, 'de-DE')).toBe('Juli 2026');
    expect(formatMonth({ year: 2025, month: 12 })).toBe('December 2025');
    expect(formatMonth({ year: 2026, month: 1 }, 'de-DE')).toBe('Januar 2026');
  });
});
