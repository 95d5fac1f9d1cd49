import { MESSAGES } from '@portal/shared-contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BrandMark } from './brand-mark';
import { Button } from './button';
import { Card } from './card';
import { SearchBox } from './search-box';
import { Select } from './select';
import { TextField } from './text-field';

describe('Button', () => {
  it('shows the loading text, is disabled and busy while loading', async () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <Button onClick={onClick} loadingText="Saving...">
        Save Password
      </Button>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save Password' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    rerender(
      <Button onClick={onClick} loading loadingText="Saving...">
        Save Password
      </Button>,
    );
    const busy = screen.getByRole('button', { name: 'Saving...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
  });

  it('is a plain button unless told otherwise, so it never submits a form by accident', () => {
    render(<Button>Cancel</Button>);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveAttribute('type', 'button');
  });
});

describe('form controls', () => {
  it('TextField forwards its ref (react-hook-form register)', () => {
    const ref = createRef<HTMLInputElement>();
    render(<TextField label="Company name" ref={ref} />);
    expect(ref.current).toBe(screen.getByLabelText('Company name'));
  });

  it('Select is labelled, lists its options and reports its error', () => {
    render(<Select label="Account Type" options={[{ value: 'SuperAdmin', label: 'Super Admin' }, { value: 'Employer', label: 'Employer' }]} error="Pick one" />);
    const select = screen.getByRole('combobox', { name: 'Account Type' });
    expect(select).toHaveAccessibleDescription('Pick one');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Super Admin', 'Employer']);
  });

  it('SearchBox has an accessible name even with its label hidden', () => {
    render(<SearchBox label="Search employees" />);
    expect(screen.getByRole('searchbox', { name: 'Search employees' })).toBeInTheDocument();
  });
});

describe('Card and BrandMark', () => {
  it('Card titles its section with a heading of the chosen level', () => {
    render(
      <Card title="Billing information" headingLevel={1}>
        body
      </Card>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Billing information' })).toBeInTheDocument();
  });

  it('BrandMark shows the product name, or names the mark when the name is hidden', () => {
    const { rerender } = render(<BrandMark />);
    expect(screen.getByText(MESSAGES.product.name)).toBeInTheDocument();
    rerender(<BrandMark showName={false} />);
    expect(screen.getByRole('img', { name: MESSAGES.product.name })).toBeInTheDocument();
  });
});
