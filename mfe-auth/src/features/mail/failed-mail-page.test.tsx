import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError, MESSAGES, type FailedMail } from '@portal/shared-contracts';
import { callsTo, pageOf, renderWithPlatform, uuid, type Handler } from '@portal/testing';
import { FailedMailPage } from './failed-mail-page';

const M = MESSAGES.mail;
const superAdmin = { userId: uuid(), role: 'SuperAdmin' as const, name: 'Root', email: 'root@example.com', employerId: null, employerUserId: null };

function failed(i: number): FailedMail {
  return {
    id: uuid(),
    to: `person${i}@example.com`,
    kind: i % 2 ? 'password-reset' : 'employee-invitation',
    subject: `Subject ${i}`,
    attempts: 5,
    lastError: `550 No such user person${i}`,
    createdAt: new Date(Date.UTC(2026, 10, 25, 12) - i * 60_000).toISOString(),
  };
}

function listHandler(all: FailedMail[]): Handler {
  return (input) => {
    const q = (input?.query ?? {}) as { pageNumber: number; pageSize: number };
    return pageOf(all, q.pageNumber, q.pageSize);
  };
}

describe('Failed Mail', () => {
  it('lists the failed mails with recipient, kind, attempts and last error, and pages on the server', async () => {
    const all = Array.from({ length: 12 }, (_, i) => failed(i + 1));
    const { user, call } = renderWithPlatform(<FailedMailPage />, { session: superAdmin, handlers: { 'mail.failed': listHandler(all) } });
    const row = (await screen.findByText('person1@example.com')).closest('tr')!;
    expect(within(row).getByText('password-reset')).toBeInTheDocument();
    expect(within(row).getByText('5')).toBeInTheDocument();
    expect(within(row).getByText('550 No such user person1')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: `${M.title} (12)` })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: MESSAGES.labels.next }));
    expect(await screen.findByText('person11@example.com')).toBeInTheDocument();
    expect(callsTo(call, 'mail.failed').at(-1)?.query).toEqual({ pageNumber: 2, pageSize: 10 });
  });

  it('retries one: the api is asked, the toast says so and the list is read again', async () => {
    let all = [failed(1), failed(2)];
    const target = all[0]!;
    const { user, call, toast } = renderWithPlatform(<FailedMailPage />, {
      session: superAdmin,
      handlers: {
        'mail.failed': (input) => listHandler(all)(input),
        'mail.retry': (input) => {
          all = all.filter((m) => m.id !== (input?.params as { id: string }).id);
          return { success: true, message: M.retried };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: M.retryLabel(target.to) }));
    await waitFor(() => expect(callsTo(call, 'mail.retry').at(-1)?.params).toEqual({ id: target.id }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(M.retried));
    await waitFor(() => expect(screen.queryByText(target.to)).not.toBeInTheDocument());
  });

  it('says so when none has failed, and shows the reason of a refused retry', async () => {
    const { unmount } = renderWithPlatform(<FailedMailPage />, { session: superAdmin, handlers: { 'mail.failed': listHandler([]) } });
    expect(await screen.findByText(M.empty)).toBeInTheDocument();
    unmount();
    const { user, toast } = renderWithPlatform(<FailedMailPage />, {
      session: superAdmin,
      handlers: {
        'mail.failed': listHandler([failed(1)]),
        'mail.retry': () => {
          throw new ApiError(404, M.notFailed);
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: M.retryLabel('person1@example.com') }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(M.notFailed));
  });
});
