import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Checkbox } from './checkbox';
import { FormErrorList } from './form-error-list';
import { PasswordField } from './password-field';
import { TextField } from './text-field';

describe('TextField', () => {
  it('ties its label to the input and announces its error through aria-describedby', () => {
    render(<TextField label="Email" error="Email is invalid." hint="Your work address" />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Email is invalid. Your work address');
    expect(screen.getByRole('alert')).toHaveTextContent('Email is invalid.');
  });

  it('is not marked invalid without an error', () => {
    render(<TextField label="Name" />);
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('PasswordField', () => {
  it('toggles between hidden and shown with a named button', async () => {
    const user = userEvent.setup();
    render(<PasswordField label="Password" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });
});

describe('Checkbox', () => {
  it('toggles from its label', async () => {
    const user = userEvent.setup();
    const seen: boolean[] = [];
    render(<Checkbox label="Remember me" onCheckedChange={(v) => seen.push(v)} />);
    await user.click(screen.getByText('Remember me'));
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
    expect(seen).toEqual([true]);
  });

  it('is the browser\'s checkbox: the keyboard toggles it, a form sends it, and a mixed state is announced', async () => {
    const user = userEvent.setup();
    const seen: boolean[] = [];
    const { rerender } = render(
      <form aria-label="f">
        <Checkbox label="All drivers" name="all" checked={false} onCheckedChange={(v) => seen.push(v)} error="Pick one." />
      </form>,
    );
    const box = screen.getByRole('checkbox', { name: 'All drivers' });
    expect(box).toHaveAccessibleDescription('Pick one.');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    box.focus();
    await user.keyboard(' ');
    expect(seen).toEqual([true]);
    // Controlled: it shows what the owner says until the owner changes it.
    expect(box).not.toBeChecked();
    rerender(
      <form aria-label="f">
        <Checkbox label="All drivers" name="all" checked onCheckedChange={(v) => seen.push(v)} />
      </form>,
    );
    expect(box).toBeChecked();
    expect(new FormData(screen.getByRole<HTMLFormElement>('form')).get('all')).toBe('on');
    rerender(
      <form aria-label="f">
        <Checkbox label="All drivers" name="all" checked="indeterminate" onCheckedChange={(v) => seen.push(v)} />
      </form>,
    );
    expect(box).toHaveAttribute('aria-checked', 'mixed');
    expect((box as HTMLInputElement).indeterminate).toBe(true);
    expect(new FormData(screen.getByRole<HTMLFormElement>('form')).get('all')).toBeNull();
  });
});

describe('FormErrorList', () => {
  it('lists each distinct message in an alert', () => {
    render(<FormErrorList messages={['Name is required.', 'Email is invalid.', 'Name is required.', undefined]} />);
    const items = screen.getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['Name is required.', 'Email is invalid.']);
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });

  it('renders nothing without messages', () => {
    const { container } = render(<FormErrorList messages={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
