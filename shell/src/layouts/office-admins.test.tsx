import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MESSAGES, ROUTES } from '@portal/shared-contracts';
import { allEndpoints } from '@portal/shared-contracts/endpoints';
import { closedToOfficeAdmins } from '@portal/shared-contracts/scheme';
import { employerSession, renderShell } from '../test/render-shell';
import { ROUTE_TABLE, routeAt } from '../routes/route-table';
import { EMPLOYER_TABS } from './employer-layout';

// An admin limited to some offices (docs/decisions/0051-office-administrators.md): the menu and the
// pages follow the contract's list of the calls open to them.
const quietMe = () => vi.fn(async () => new Response(JSON.stringify({ success: false, message: 'offline' }), { status: 503 })) as unknown as typeof fetch;
const LEEDS = '00000000-0000-4000-8000-0000000000a1';

describe('an admin limited to some offices', () => {
  it("names each page's calls by the contract's ids, each limited to roles, so the contract's rule decides", () => {
    const byId = new Map(allEndpoints().map((e) => [e.id, e] as const));
    for (const route of ROUTE_TABLE.filter((r) => r.calls)) {
      for (const id of route.calls!) {
        const endpoint = byId.get(id);
        expect(endpoint, `${route.path}: ${id}`).toBeDefined();
        expect(Array.isArray(endpoint!.access), `${route.path}: ${id}`).toBe(true);
      }
    }
    // Every employer page but one's own profile names its calls.
    expect(ROUTE_TABLE.filter((r) => r.area === 'employer' && !r.calls).map((r) => r.path)).toEqual([ROUTES.loginDetails]);
  });

  it('sees only the menu items whose pages their calls open, and whole-company admins see them all', async () => {
    renderShell({ path: ROUTES.mainPage, session: employerSession({ role: 'Admin', offices: [LEEDS] }), fetch: quietMe() });
    const nav = await screen.findByRole('navigation', { name: MESSAGES.shell.employerNav });
    const shown = within(nav).getAllByRole('link').map((l) => l.textContent);
    const byId = new Map(allEndpoints().map((e) => [e.id, e] as const));
    const open = EMPLOYER_TABS.filter((t) => !routeAt(t.to)?.calls?.some((id) => closedToOfficeAdmins(byId.get(id)!)));
    expect(shown).toEqual(open.map((t) => t.label));
    // Today: the dashboard and their offices' employees; never billing, settings or admin management.
    expect(shown).toContain(MESSAGES.labels.employerNav[0]);
    expect(shown).not.toContain(MESSAGES.billing.menuEntry);
    expect(shown).not.toContain(MESSAGES.labels.employerNav[3]);
  });

  it('is told plainly that a page reached by a link is not available for their offices', async () => {
    renderShell({ path: ROUTES.payment, session: employerSession({ role: 'Admin', offices: [LEEDS] }), fetch: quietMe() });
    expect(await screen.findByRole('heading', { name: MESSAGES.shell.notForYourOfficesTitle })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.shell.notForYourOffices)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'mfe_billing/BillingPage' })).not.toBeInTheDocument();
  });

  it('a whole-company admin opens the same page as today', async () => {
    renderShell({ path: ROUTES.employeeManagement, session: employerSession({ role: 'Admin', offices: null }), fetch: quietMe() });
    expect(await screen.findByRole('heading', { name: 'mfe_employees/EmployeeManagementPage' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: MESSAGES.shell.employerNav });
    expect(within(nav).getAllByRole('link')).toHaveLength(6);
  });
});
