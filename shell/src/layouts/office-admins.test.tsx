import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { MESSAGES, ROUTES } from '@portal/shared-contracts';
import { allEndpoints } from '@portal/shared-contracts/endpoints';
import { closedToOfficeAdmins } from '@portal/shared-contracts/scheme';
import { employerSession, renderShell } from '../test/render-shell';
import { ROUTE_TABLE } from '../routes/route-table';

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
    const expected = ROUTE_TABLE.filter((r) => r.area === 'employer' && r.calls && !r.calls.some((id) => closedToOfficeAdmins(byId.get(id)!)));
    expect(shown).toEqual([MESSAGES.labels.employerNav[0]]);
    expect(expected.map((r) => r.path)).toEqual([ROUTES.mainPage]);
  });

  it('is told plainly that a page reached by a link is not available for their offices', async () => {
    renderShell({ path: ROUTES.employeeManagement, session: employerSession({ role: 'Admin', offices: [LEEDS] }), fetch: quietMe() });
    expect(await screen.findByRole('heading', { name: MESSAGES.shell.notForYourOfficesTitle })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.shell.notForYourOffices)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'mfe_employees/EmployeeManagementPage' })).not.toBeInTheDocument();
  });

  it('a whole-company admin opens the same page as today', async () => {
    renderShell({ path: ROUTES.employeeManagement, session: employerSession({ role: 'Admin', offices: null }), fetch: quietMe() });
    expect(await screen.findByRole('heading', { name: 'mfe_employees/EmployeeManagementPage' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: MESSAGES.shell.employerNav });
    expect(within(nav).getAllByRole('link')).toHaveLength(6);
  });
});
