import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, ROUTES, type Session } from '@portal/shared-contracts';
import { setSession } from '../session/session-store';
import { employerSession, renderShell, superAdminSession } from '../test/render-shell';

const CONTACT = { email: 'help@scheme.example', phone: '+44 113 496 0999', hours: 'Monday to Friday, 9:00 to 17:30' };

/** The api: the support contact, and messages to support answered as sent (each request kept). */
function api(contact: unknown = CONTACT, message: () => Response = () => new Response(JSON.stringify({ success: true, message: MESSAGES.support.sent }), { status: 200 })) {
  const sent: unknown[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    const path = new URL(req.url).pathname;
    if (path === '/api/support') return new Response(JSON.stringify(contact), { status: 200 });
    if (path === '/api/support/messages') {
      sent.push(await req.json());
      return message();
    }
    return new Response(JSON.stringify({ success: false, message: 'offline' }), { status: 503 });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, sent };
}

async function openHelp(session: Session, path: string, server = api()) {
  const user = userEvent.setup();
  const view = renderShell({ path, session, fetch: server.fetch });
  setSession(view.store, session, true);
  await user.click(await screen.findByRole('button', { name: session.name }));
  await user.click(await screen.findByRole('menuitem', { name: MESSAGES.labels.helpSupport }));
  return { user, view, dialog: await screen.findByRole('dialog', { name: MESSAGES.labels.helpSupport }), server };
}

describe('Help & Support for a company administrator', () => {
  it("gives the operator's contact and help for the common tasks; no build versions", async () => {
    const { dialog, user } = await openHelp(employerSession(), '/mainPage');
    expect(await within(dialog).findByRole('link', { name: CONTACT.email })).toHaveAttribute('href', `mailto:${CONTACT.email}`);
    expect(within(dialog).getByRole('link', { name: CONTACT.phone })).toHaveAttribute('href', 'tel:+441134960999');
    expect(within(dialog).getByText(CONTACT.hours)).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('scheme administrator');
    for (const topic of MESSAGES.support.topics) expect(within(dialog).getByRole('heading', { name: topic.title })).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('mfe-auth');
    expect(dialog).not.toHaveTextContent(MESSAGES.support.versionsTitle);

    await user.click(within(dialog).getAllByRole('button', { name: MESSAGES.support.topics[2].link })[0]!);
    expect(await screen.findByRole('heading', { name: 'mfe_employees/EmployeeManagementPage' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: MESSAGES.labels.helpSupport })).not.toBeInTheDocument();
  });

  it('says so when no contact is published yet', async () => {
    const { dialog } = await openHelp(employerSession(), '/mainPage', api({ email: null, phone: null, hours: null }));
    expect(await within(dialog).findByText(MESSAGES.support.contactMissing)).toBeInTheDocument();
  });

  it('writes to support: the form checks what the api will, then sends it and clears', async () => {
    const { dialog, user, server } = await openHelp(employerSession(), '/mainPage');
    const form = within(dialog).getByRole('region', { name: MESSAGES.support.formTitle });
    expect(form).toHaveTextContent(MESSAGES.support.formIntro('ann@acme.test'));
    await user.click(within(form).getByRole('button', { name: MESSAGES.support.send }));
    expect(await within(form).findByText(MESSAGES.support.subjectRequired)).toBeInTheDocument();
    expect(within(form).getByText(MESSAGES.support.messageRequired)).toBeInTheDocument();
    expect(server.sent).toEqual([]);

    await user.type(within(form).getByLabelText(MESSAGES.support.subject), 'Importing');
    await user.type(within(form).getByLabelText(MESSAGES.support.message), 'Is 300 rows too many?');
    await user.click(within(form).getByRole('button', { name: MESSAGES.support.send }));
    await waitFor(() => expect(server.sent).toEqual([{ subject: 'Importing', message: 'Is 300 rows too many?' }]));
    expect(await screen.findByText(MESSAGES.support.sent)).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByLabelText(MESSAGES.support.subject)).toHaveValue(''));
  });

  it("shows the api's refusal (a rate limit)", async () => {
    const refused = () => new Response(JSON.stringify({ success: false, message: MESSAGES.support.tooMany }), { status: 429, headers: { 'retry-after': '600' } });
    const { dialog, user } = await openHelp(employerSession(), '/mainPage', api(CONTACT, refused));
    const form = within(dialog).getByRole('region', { name: MESSAGES.support.formTitle });
    await user.type(within(form).getByLabelText(MESSAGES.support.subject), 'Again');
    await user.type(within(form).getByLabelText(MESSAGES.support.message), 'Hello?');
    await user.click(within(form).getByRole('button', { name: MESSAGES.support.send }));
    expect(await screen.findByText(MESSAGES.support.tooMany)).toBeInTheDocument();
    expect(within(form).getByLabelText(MESSAGES.support.subject)).toHaveValue('Again');
  });
});

describe('Help & Support for a super admin', () => {
  it('lists the versions in force and leads to the scheme settings; no form', async () => {
    const { dialog, user } = await openHelp(superAdminSession(), '/super-admin');
    expect(within(dialog).getByRole('heading', { name: MESSAGES.support.versionsTitle })).toBeInTheDocument();
    expect(within(dialog).getByText('mfe-billing')).toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: MESSAGES.support.formTitle })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.support.settingsLink }));
    expect(await screen.findByRole('heading', { name: 'mfe_onboarding/SchemeSettingsPage' })).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent(ROUTES.superAdminSettings);
  });
});

describe('the employer layout', () => {
  it("shows the billing remote's trial notice under the header", async () => {
    renderShell({ path: '/mainPage', session: employerSession(), fetch: api().fetch });
    expect(await screen.findByText('mfe_billing/TrialNotice')).toBeInTheDocument();
  });
});
