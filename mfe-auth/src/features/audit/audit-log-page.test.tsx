import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, AUDIT_ACTIONS, EMPLOYER_AUDIT_ACTIONS, MESSAGES, SUPER_ADMIN_AUDIT_ACTIONS, type AuditEntry } from '@portal/shared-contracts';
import { callsTo, emailShown, pageOf, renderWithPlatform, sessionFixture, uuid, type Handler } from '@portal/testing';
import { AuditLogPage } from './audit-log-page';

const A = MESSAGES.audit;
const superAdmin = { userId: uuid(), role: 'SuperAdmin' as const, name: 'Root', email: 'root@example.com', employerId: null, employerUserId: null };

function entry(i: number, over: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: `e${i}`,
    createdAt: new Date(Date.UTC(2026, 0, 31, 12) - i * 3_600_000).toISOString(),
    actorUserId: uuid(),
    actorName: `Actor ${i}`,
    actorEmail: `actor${i}@example.com`,
    actorRole: 'Employer',
    action: 'employee.approved',
    summary: `Employee approved: Person ${i}`,
    companyId: uuid(),
    companyName: 'Acme Ltd',
    targetKind: 'user',
    targetId: uuid(),
    targetLabel: `Person ${i}`,
    reason: null,
    ...over,
  };
}

const many = (n: number) => Array.from({ length: n }, (_, i) => entry(i + 1));

function logHandler(all: AuditEntry[]): Handler {
  return (input) => {
    const q = (input?.query ?? {}) as { pageNumber: number; pageSize: number; action?: string };
    return pageOf(all.filter((e) => !q.action || e.action === q.action), q.pageNumber, q.pageSize);
  };
}

describe('Audit Log', () => {
  it('lists the entries newest first, ten at a time, and pages on the server', async () => {
    const { user, call } = renderWithPlatform(<AuditLogPage variant="superAdmin" />, { session: superAdmin, handlers: { 'audit.list': logHandler(many(23)) } });
    const first = (await screen.findByText('Employee approved: Person 1')).closest('tr')!;
    expect(within(first).getByText('Actor 1')).toBeInTheDocument();
    expect(within(first).getByText(emailShown('actor1@example.com'))).toBeInTheDocument();
    expect(within(first).getByText('Acme Ltd')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Audit Log\s*\(23\)/ })).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText(MESSAGES.labels.pageXofY(1, 3))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: MESSAGES.labels.next }));
    expect(await screen.findByText('Employee approved: Person 11')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.labels.pageXofY(2, 3))).toBeInTheDocument();
    expect(callsTo(call, 'audit.list').at(-1)?.query).toEqual({ pageNumber: 2, pageSize: 10 });
  });

  it('lets an email address in a summary wrap only at its @ and dots, like the actor’s', async () => {
    const summary = 'Admin added: zed.employer <zed.employer.long@example.test>, Employer';
    renderWithPlatform(<AuditLogPage variant="superAdmin" />, { session: superAdmin, handlers: { 'audit.list': logHandler([entry(1, { summary })]) } });
    const email = await screen.findByText(emailShown('zed.employer.long@example.test'));
    const cell = email.parentElement!;
    expect(email.getAttribute('translate')).toBe('no');
    expect(email.querySelectorAll('wbr')).toHaveLength(2);
    expect(cell.textContent).toBe(summary);
  });

  it('sends the filters a super admin sets (action, company, actor, days) and starts again from page 1', async () => {
    const company = uuid();
    const { user, call } = renderWithPlatform(<AuditLogPage variant="superAdmin" />, { session: superAdmin, handlers: { 'audit.list': logHandler(many(23)) } });
    await screen.findByText('Employee approved: Person 1');
    await user.click(screen.getByRole('button', { name: MESSAGES.labels.next }));
    await screen.findByText(MESSAGES.labels.pageXofY(2, 3));

    await user.selectOptions(screen.getByRole('combobox', { name: A.filterAction }), A.actions['employee.deactivated']);
    await waitFor(() => expect(callsTo(call, 'audit.list').at(-1)?.query).toEqual({ pageNumber: 1, pageSize: 10, action: 'employee.deactivated' }));
    await user.type(screen.getByRole('textbox', { name: A.filterCompany }), company.toUpperCase());
    await user.type(screen.getByRole('searchbox', { name: A.filterActor }), 'erin');
    await user.type(screen.getByLabelText(A.filterFrom), '2026-01-05');
    await user.type(screen.getByLabelText(A.filterTo), '2026-01-31');
    await waitFor(() =>
      expect(callsTo(call, 'audit.list').at(-1)?.query).toEqual({
        pageNumber: 1,
        pageSize: 10,
        action: 'employee.deactivated',
        companyId: company,
        actor: 'erin',
        from: '2026-01-05',
        to: '2026-01-31',
      }),
    );
  });

  it("narrows the list to a row's company when its name is clicked", async () => {
    const acme = uuid();
    const rows = [entry(1, { companyId: acme, companyName: 'Acme Ltd' }), entry(2, { companyId: null, companyName: null })];
    const { user, call } = renderWithPlatform(<AuditLogPage variant="superAdmin" />, { session: superAdmin, handlers: { 'audit.list': logHandler(rows) } });
    await user.click(await screen.findByRole('button', { name: A.onlyCompany('Acme Ltd') }));
    await waitFor(() => expect(callsTo(call, 'audit.list').at(-1)?.query).toEqual({ pageNumber: 1, pageSize: 10, companyId: acme }));
    expect(screen.getByRole('textbox', { name: A.filterCompany })).toHaveValue(acme);
  });

  it('says what is wrong with a company id or a range instead of sending it', async () => {
    const { user, call } = renderWithPlatform(<AuditLogPage variant="superAdmin" />, { session: superAdmin, handlers: { 'audit.list': logHandler(many(3)) } });
    await screen.findByText('Employee approved: Person 1');
    await user.type(screen.getByRole('textbox', { name: A.filterCompany }), 'acme');
    expect(await screen.findByText(A.badCompany)).toBeInTheDocument();
    await user.type(screen.getByLabelText(A.filterFrom), '2026-02-01');
    await user.type(screen.getByLabelText(A.filterTo), '2026-01-01');
    expect(await screen.findByText(A.badRange)).toBeInTheDocument();
    await waitFor(() => expect(callsTo(call, 'audit.list').at(-1)?.query).toEqual({ pageNumber: 1, pageSize: 10, from: '2026-02-01' }));
  });

  it("shows an employer its company's log without a company filter or column", async () => {
    const { call } = renderWithPlatform(<AuditLogPage variant="employer" />, { session: sessionFixture, handlers: { 'audit.list': logHandler(many(2)) } });
    await screen.findByText('Employee approved: Person 1');
    expect(screen.queryByRole('textbox', { name: A.filterCompany })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: A.columns.company })).not.toBeInTheDocument();
    expect(callsTo(call, 'audit.list').at(-1)?.query).toEqual({ pageNumber: 1, pageSize: 10 });
  });

  it("offers an employer only the actions its log can hold, and ignores a super admin's own action in the address", async () => {
    const { call } = renderWithPlatform(<AuditLogPage variant="employer" />, {
      session: sessionFixture,
      pathname: '/company-settings/audit-log',
      query: 'action=release.changed',
      handlers: { 'audit.list': logHandler(many(2)) },
    });
    await screen.findByText('Employee approved: Person 1');
    const options = within(screen.getByRole('combobox', { name: A.filterAction }))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual([A.anyAction, ...EMPLOYER_AUDIT_ACTIONS.map((a) => A.actions[a])]);
    for (const a of SUPER_ADMIN_AUDIT_ACTIONS) expect(options).not.toContain(A.actions[a]);
    expect(options).toContain(A.actions['subscription.cancelled']);
    expect(callsTo(call, 'audit.list').map((c) => c?.query)).toEqual([{ pageNumber: 1, pageSize: 10 }]);
  });

  it('offers a super admin every action', async () => {
    renderWithPlatform(<AuditLogPage variant="superAdmin" />, { session: superAdmin, handlers: { 'audit.list': logHandler(many(2)) } });
    await screen.findByText('Employee approved: Person 1');
    const options = within(screen.getByRole('combobox', { name: A.filterAction })).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([A.anyAction, ...AUDIT_ACTIONS.map((a) => A.actions[a])]);
  });

  it('has an empty state, for the whole log and for filters that match nothing', async () => {
    const { user } = renderWithPlatform(<AuditLogPage variant="superAdmin" />, { session: superAdmin, handlers: { 'audit.list': logHandler([]) } });
    expect(await screen.findByText(A.emptyAll)).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: A.filterAction }), A.actions['company.deleted']);
    expect(await screen.findByText(A.empty)).toBeInTheDocument();
  });

  it('shows a loading state, then an error with the reason and Retry, which loads again', async () => {
    let fail = true;
    const { user, call } = renderWithPlatform(<AuditLogPage variant="superAdmin" />, {
      session: superAdmin,
      handlers: {
        'audit.list': async (input) => {
          await new Promise((r) => setTimeout(r, 20));
          if (fail) throw new ApiError(503, MESSAGES.common.overloaded);
          return logHandler(many(1))(input);
        },
      },
    });
    expect(screen.getByText(A.loading)).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(A.loadFailed);
    expect(alert).toHaveTextContent(MESSAGES.common.overloaded);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: MESSAGES.common.retry }));
    expect(await screen.findByText('Employee approved: Person 1')).toBeInTheDocument();
    expect(callsTo(call, 'audit.list').length).toBeGreaterThanOrEqual(2);
  });

  it('exports the filtered log as a CSV file, and says so when it cannot', async () => {
    const createObjectURL = vi.fn(() => 'blob:audit');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    let exportFails = false;
    const { user, call, toast } = renderWithPlatform(<AuditLogPage variant="superAdmin" />, {
      session: superAdmin,
      handlers: {
        'audit.list': logHandler(many(3)),
        'audit.export': () => {
          if (exportFails) throw new ApiError(500, MESSAGES.common.internalError);
          return 'When,Who\r\n';
        },
      },
    });
    await screen.findByText('Employee approved: Person 1');
    await user.selectOptions(screen.getByRole('combobox', { name: A.filterAction }), A.actions['employee.approved']);
    await user.click(screen.getByRole('button', { name: A.exportCsvFor(A.allDates) }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(callsTo(call, 'audit.export').at(-1)?.query).toEqual({ action: 'employee.approved' });
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('audit-log-all-dates.csv');

    // The days filtered are the days exported: the button and the file say which.
    fireEvent.change(screen.getByLabelText(A.filterFrom), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText(A.filterTo), { target: { value: '2026-03-31' } });
    await user.click(await screen.findByRole('button', { name: A.exportCsvFor(A.betweenDays('1 Mar 2026', '31 Mar 2026')) }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    expect(callsTo(call, 'audit.export').at(-1)?.query).toEqual({ action: 'employee.approved', from: '2026-03-01', to: '2026-03-31' });
    expect((click.mock.contexts[1] as HTMLAnchorElement).download).toBe('audit-log-2026-03-01-to-2026-03-31.csv');

    exportFails = true;
    await user.click(screen.getByRole('button', { name: /^Export CSV/ }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MESSAGES.common.internalError));
    click.mockRestore();
  });
});
