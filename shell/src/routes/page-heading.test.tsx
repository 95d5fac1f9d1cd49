import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { PageLoading } from './page-heading';
import { forgetPageDrawn, whenPageDrawn } from '../platform/page-drawn';
import { ROUTE_TABLE } from './route-table';
import { ROUTES } from '@portal/shared-contracts/routes';

describe('what a routed page shows while its module loads', () => {
  beforeEach(() => forgetPageDrawn());
  afterEach(() => forgetPageDrawn());

  it("draws the route's title as the page heading when the module's heading is that title", () => {
    render(<PageLoading title="Dashboard" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('draws the spinner alone otherwise', () => {
    render(<PageLoading />);
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('says the page has been drawn when the module takes its place', () => {
    const drawn = vi.fn();
    whenPageDrawn(drawn);
    const view = render(<PageLoading title="Dashboard" />);
    expect(drawn).not.toHaveBeenCalled();
    view.unmount();
    expect(drawn).toHaveBeenCalledTimes(1);
  });

  it('draws the heading early only on the pages whose module draws that title', () => {
    const early = ROUTE_TABLE.filter((r) => r.heading).map((r) => r.path);
    expect(early).toEqual([
      ROUTES.mainPage,
      ROUTES.companySettings,
      ROUTES.companySettingsDetails,
      ROUTES.companySettingsIncentives,
      ROUTES.payment,
      ROUTES.employeeManagement,
    ]);
  });
});
