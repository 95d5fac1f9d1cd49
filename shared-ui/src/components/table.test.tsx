import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Table } from './table';

describe('Table', () => {
  it('renders column headers and one row per item', () => {
    render(
      <Table
        caption="Admins"
        columns={[
          { key: 'name', header: 'Name', cell: (r: { id: string; name: string }) => r.name },
          { key: 'id', header: 'Id', cell: (r) => r.id },
        ]}
        rows={[
          { id: '1', name: 'Ann' },
          { id: '2', name: 'Bo' },
        ]}
        rowKey={(r) => r.id}
      />,
    );
    const table = screen.getByRole('table', { name: 'Admins' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Id']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('shows the empty content when there are no rows', () => {
    render(<Table columns={[{ key: 'a', header: 'A', cell: () => null }]} rows={[]} rowKey={() => 'x'} empty="No users found" />);
    expect(screen.getByText('No users found')).toBeInTheDocument();
  });

  it('names each cell with its column for the phone layout, where a row is a card', () => {
    render(
      <Table
        caption="Employees"
        columns={[
          { key: 'name', header: 'Name', cell: (r: { id: string; name: string }) => r.name },
          { key: 'status', header: <em>Status</em>, label: 'Status', cell: () => 'Active' },
          { key: 'actions', header: <span>Actions</span>, cell: (r) => <button type="button">Verify {r.name}</button> },
        ]}
        rows={[{ id: '1', name: 'Ann' }]}
        rowKey={(r) => r.id}
      />,
    );
    const [name, status, actions] = within(screen.getAllByRole('row')[1]!).getAllByRole('cell');
    expect(name).toHaveAttribute('data-label', 'Name');
    expect(status).toHaveAttribute('data-label', 'Status');
    // A cell without a column name (the row's actions) stands alone on its card.
    expect(actions).not.toHaveAttribute('data-label');
    expect(within(actions!).getByRole('button', { name: 'Verify Ann' })).toBeInTheDocument();
  });
});
