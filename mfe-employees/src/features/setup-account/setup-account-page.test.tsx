import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError, MESSAGES } from '@portal/shared-contracts';
import { COMPANY_ID } from '../../test/fixtures';
import { callsTo, renderWithPlatform } from '@portal/testing';
import { DownloadLinksPage } from './download-links-page';
import { SetupAccountPage } from './setup-account-page';

const company = () => ({ success: true, message: 'ok', company: { id: COMPANY_ID, name: 'Acme Commuters Ltd' } });

type User = ReturnType<typeof renderWithPlatform>['user'];
async function fill(user: User) {
  await user.type(screen.getByLabelText(/^First Name/), 'Jo');
  await user.type(screen.getByLabelText(/^Last Name/), 'Bloggs');
  await user.type(screen.getByLabelText(/^Email/), 'jo@acme.example');
  await user.type(screen.getByLabelText(/^Employee Number/), 'A-17');
  await user.type(screen.getByLabelText(/^Password/), 'secret12');
  await user.type(screen.getByLabelText(/^Confirm Password/), 'secret12');
}

describe('Employee self-registration', () => {
  it('names the inviting company and registers, then goes to the download links', async () => {
    const { user, call, navigate } = renderWithPlatform(<SetupAccountPage />, {
      session: null,
      query: `employer_id=${COMPANY_ID}`,
      handlers: { 'employers.get': company, 'employees.selfRegister': () => ({ success: true, message: 'ok', response: null }) },
    });
    expect(screen.getByText(MESSAGES.employeeSignup.welcome)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.employeeSignup.setup)).toBeInTheDocument();
    expect(await screen.findByText('You have been invited to join by Acme Commuters Ltd')).toBeInTheDocument();
    expect(screen.getByText(/must approve it/)).toBeInTheDocument();
    expect(callsTo(call, 'employers.get')).toEqual([{ params: { id: COMPANY_ID } }]);

    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/download-links'));
    const sent = callsTo(call, 'employees.selfRegister')[0];
    expect(sent?.params).toEqual({ companyId: COMPANY_ID });
    expect(sent?.body).toMatchObject({ company_id: COMPANY_ID, isActive: false, firstName: 'Jo', email: 'jo@acme.example', employeeNumber: 'A-17' });
  });

  it("sends an office link's office with the request, and leaves a malformed one out", async () => {
    const office = '3f0c2d1e-5b6a-4c7d-8e9f-0a1b2c3d4e5f';
    for (const [param, expected] of [
      [office, office],
      ['not-an-office', undefined],
    ] as const) {
      const { user, call, navigate, unmount } = renderWithPlatform(<SetupAccountPage />, {
        session: null,
        query: `employer_id=${COMPANY_ID}&office_id=${param}`,
        handlers: { 'employers.get': company, 'employees.selfRegister': () => ({ success: true, message: 'ok', response: null }) },
      });
      await fill(user);
      await user.click(screen.getByRole('button', { name: 'Proceed' }));
      await waitFor(() => expect(navigate).toHaveBeenCalledWith('/download-links'));
      const body = callsTo(call, 'employees.selfRegister')[0]?.body as Record<string, unknown>;
      expect(body.officeId).toBe(expected);
      unmount();
    }
  });

  it('falls back to "Unknown Company" when the company cannot be fetched', async () => {
    renderWithPlatform(<SetupAccountPage />, {
      session: null,
      query: `employer_id=${COMPANY_ID}`,
      handlers: {
        'employers.get': () => {
          throw new ApiError(500, 'down');
        },
      },
    });
    expect(await screen.findByText(`You have been invited to join by ${MESSAGES.employeeSignup.unknownCompany}`)).toBeInTheDocument();
  });

  it('shows the form rules and the server message on failure', async () => {
    const { user, toast, navigate } = renderWithPlatform(<SetupAccountPage />, {
      session: null,
      query: `employer_id=${COMPANY_ID}`,
      handlers: {
        'employers.get': company,
        'employees.selfRegister': () => {
          throw new ApiError(409, 'An account with this email already exists.');
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByText(MESSAGES.employeeSignup.firstNameRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.employeeSignup.employeeNumberRequired)).toBeInTheDocument();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('An account with this email already exists.'));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('asks for a password of at least 8 characters', async () => {
    const { user, call } = renderWithPlatform(<SetupAccountPage />, { session: null, query: `employer_id=${COMPANY_ID}`, handlers: { 'employers.get': company } });
    await fill(user);
    for (const label of [/^Password/, /^Confirm Password/]) {
      await user.clear(screen.getByLabelText(label));
      await user.type(screen.getByLabelText(label), 'Short-1');
    }
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByText(MESSAGES.employeeSignup.passwordMin)).toBeInTheDocument();
    expect(callsTo(call, 'employees.selfRegister')).toEqual([]);
  });

  it('without employer_id it says the link is not valid and offers no form to fill', () => {
    const { call } = renderWithPlatform(<SetupAccountPage />, { session: null });
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.employeeSignup.companyNotFound);
    expect(screen.queryByText(`You have been invited to join by ${MESSAGES.employeeSignup.unknownCompany}`)).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Proceed' })).not.toBeInTheDocument();
    expect(call).not.toHaveBeenCalled();
  });

  it('with the id of no company it says the link is not valid and offers no form to fill', async () => {
    renderWithPlatform(<SetupAccountPage />, {
      session: null,
      query: `employer_id=${COMPANY_ID}`,
      handlers: {
        'employers.get': () => {
          throw new ApiError(404, MESSAGES.company.notFound);
        },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.employeeSignup.companyNotFound);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.employeeSignup.unknownCompany, { exact: false })).not.toBeInTheDocument();
  });

  it('the download page shows the success and both store badges', () => {
    renderWithPlatform(<DownloadLinksPage />, { session: null });
    expect(screen.getByText(MESSAGES.employeeSignup.success)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download on the App Store' })).toHaveAttribute('href', expect.stringContaining('apple.com'));
    expect(screen.getByRole('link', { name: 'Get it on Google Play' })).toHaveAttribute('href', expect.stringContaining('play.google.com'));
  });

  it('the download page reached from the login of an employee offers the app without a sign-up success', () => {
    renderWithPlatform(<DownloadLinksPage />, { session: null, query: 'from=login' });
    expect(screen.getByRole('heading', { name: MESSAGES.login.getTheApp })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.login.appText)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.employeeSignup.success)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get it on Google Play' })).toBeInTheDocument();
  });
});
