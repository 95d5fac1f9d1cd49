import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { DropdownMenu } from './dropdown-menu';
import { Tabs } from './tabs';

describe('DropdownMenu', () => {
  it('opens from its trigger, selects an item with the keyboard and closes', async () => {
    const user = userEvent.setup();
    const onLogout = vi.fn();
    render(
      <DropdownMenu
        label="Profile"
        trigger={<Button variant="ghost">Profile</Button>}
        items={[
          { label: 'My profile', onSelect: () => {} },
          { label: 'Log Out', onSelect: onLogout, tone: 'danger' },
        ]}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Profile' }));
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Log Out' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});

describe('Tabs', () => {
  it('shows the selected panel and moves with the arrow keys', async () => {
    const user = userEvent.setup();
    render(
      <Tabs
        label="Company settings"
        items={[
          { value: 'details', label: 'Company Details', content: <p>Details panel</p> },
          { value: 'incentives', label: 'Incentives', content: <p>Incentives panel</p> },
        ]}
      />,
    );
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Details panel');
    await user.click(screen.getByRole('tab', { name: 'Company Details' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Incentives' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Incentives panel');
  });

  it('points each tab at its panel by an id that exists, whatever the tab values hold', async () => {
    const onValueChange = vi.fn();
    render(
      <Tabs
        value="Company Details"
        onValueChange={onValueChange}
        items={[
          { value: 'Company Details', label: 'Company Details', content: <p>Details panel</p> },
          { value: 'Incentives', label: 'Incentives', content: <p>Incentives panel</p> },
        ]}
      />,
    );
    for (const tab of screen.getAllByRole('tab')) {
      const controls = tab.getAttribute('aria-controls') ?? '';
      expect(controls).not.toMatch(/\s/);
      expect(document.getElementById(controls)).toBeInTheDocument();
    }
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Details panel');
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Incentives' }));
    expect(onValueChange).toHaveBeenCalledWith('Incentives');
  });
});
