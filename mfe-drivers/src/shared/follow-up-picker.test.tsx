import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, followUpWindow } from '@portal/shared-contracts';
import { toLocalInput } from './follow-up-date';
import { FollowUpPicker } from './follow-up-picker';

const COPY = MESSAGES.driverScreens.picker;
const iso = (y: number, mo: number, d: number, h: number, mi: number) => new Date(y, mo - 1, d, h, mi).toISOString();

function Harness({ initial = '', onValue }: { initial?: string; onValue: (iso: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <FollowUpPicker
        label="Follow-up date"
        value={value}
        onChange={(next) => {
          setValue(next);
          onValue(next);
        }}
      />
      <button type="button">Next</button>
    </>
  );
}

function setup(initial?: string) {
  const onValue = vi.fn();
  const user = userEvent.setup();
  render(<Harness initial={initial} onValue={onValue} />);
  return { user, onValue, field: screen.getByRole('textbox', { name: 'Follow-up date' }) };
}

describe('FollowUpPicker', () => {
  it('is reached and filled by keyboard alone: digits in, separators written, the ISO date out', async () => {
    const { user, onValue, field } = setup();
    await user.tab();
    expect(field).toHaveFocus();
    await user.keyboard('010520261430');
    expect(field).toHaveValue('01-05-2026 14:30');
    expect(onValue).toHaveBeenLastCalledWith(iso(2026, 5, 1, 14, 30));
    // One control: Tab leaves the picker at once.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
  });

  it('is one field to the reader and the keyboard: nothing else to fill, read or tab to', () => {
    render(<Harness onValue={vi.fn()} />);
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect(screen.queryByLabelText(COPY.calendar)).not.toBeInTheDocument();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Next']);
  });

  it("offers in the calendar the follow-up window of the form's rule, in local time", () => {
    setup();
    const { from, until } = followUpWindow();
    const calendar = document.querySelector<HTMLInputElement>('input[type="datetime-local"]')!;
    expect(calendar).toHaveAttribute('min', toLocalInput(from.toISOString()));
    expect(calendar).toHaveAttribute('max', toLocalInput(new Date(until.getTime() - 60_000).toISOString()));
    expect(new Date(calendar.getAttribute('max')!).getTime()).toBeGreaterThan(Date.now() + 700 * 86_400_000);
  });

  it('changes the part at the caret with the arrow keys', async () => {
    const { user, onValue, field } = setup(iso(2026, 5, 1, 14, 30));
    expect(field).toHaveValue('01-05-2026 14:30');
    await user.click(field);
    (field as HTMLInputElement).setSelectionRange(1, 1);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(field).toHaveValue('03-05-2026 14:30');
    (field as HTMLInputElement).setSelectionRange(15, 15);
    await user.keyboard('{ArrowDown}');
    expect(field).toHaveValue('03-05-2026 14:29');
    expect(onValue).toHaveBeenLastCalledWith(iso(2026, 5, 3, 14, 29));
  });

  it('starts an empty field from the next whole hour on an arrow key', async () => {
    const { user, field } = setup();
    await user.click(field);
    await user.keyboard('{ArrowUp}');
    expect((field as HTMLInputElement).value).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:00$/);
  });

  it('says when the text is not a real date once the field is left, and gives no value', async () => {
    const { user, onValue, field } = setup();
    await user.click(field);
    await user.keyboard('310220261000');
    expect(field).toHaveValue('31-02-2026 10:00');
    expect(screen.queryByText(COPY.invalid)).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText(COPY.invalid)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(onValue).not.toHaveBeenCalledWith(expect.stringMatching(/\d/));
  });

  it('takes a date from the calendar the field’s button opens', async () => {
    const onValue = vi.fn();
    const { container } = render(<Harness onValue={onValue} />);
    const calendar = container.querySelector<HTMLInputElement>('input[type="datetime-local"]')!;
    const opened = vi.fn();
    calendar.showPicker = opened;
    await userEvent.setup().click(container.querySelector<HTMLButtonElement>(`button[title="${COPY.calendar}"]`)!);
    expect(opened).toHaveBeenCalled();
    fireEvent.change(calendar, { target: { value: '2026-07-09T08:15' } });
    expect(screen.getByRole('textbox', { name: 'Follow-up date' })).toHaveValue('09-07-2026 08:15');
    expect(onValue).toHaveBeenLastCalledWith(iso(2026, 7, 9, 8, 15));
  });
});
