import { ApiError, MESSAGES } from '@portal/shared-contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { COPY } from '../shared/copy';
import { renderWithPlatform } from '@portal/testing';
import SignupPage from './signup-page';

const policies = MESSAGES.labels.policies;

async function tickAll(user: UserEvent) {
  for (const box of screen.getAllByRole('checkbox')) await user.click(box);
}

async function fillValid(user: UserEvent) {
  await user.type(screen.getByLabelText(MESSAGES.fields.name), 'Ada');
  await user.type(screen.getByLabelText(MESSAGES.fields.email), 'ada@example.com');
  await user.type(screen.getByLabelText(MESSAGES.fields.password), 'secret-pass');
  await user.type(screen.getByLabelText(MESSAGES.fields.confirmPassword), 'secret-pass');
}

const submitButton = () => screen.getByRole('button', { name: COPY.signup.button });

describe('SignupPage', () => {
  it('keeps the submit button disabled until all three agreements are ticked', async () => {
    const user = userEvent.setup();
    renderWithPlatform(<SignupPage />);
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(3);
    expect(submitButton()).toBeDisabled();
    await user.click(boxes[0]!);
    await user.click(boxes[1]!);
    expect(submitButton()).toBeDisabled();
    await user.click(boxes[2]!);
    expect(submitButton()).toBeEnabled();
  });

  it('shows validation errors as one list', async () => {
    const user = userEvent.setup();
    const { platform } = renderWithPlatform(<SignupPage />);
    await tickAll(user);
    await user.type(screen.getByLabelText(MESSAGES.fields.email), 'not-an-email');
    await user.type(screen.getByLabelText(MESSAGES.fields.password), 'password-one');
    await user.type(screen.getByLabelText(MESSAGES.fields.confirmPassword), 'password-two');
    await user.click(submitButton());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      MESSAGES.signup.nameRequired,
      MESSAGES.signup.emailInvalid,
      MESSAGES.signup.mismatch,
    ]);
    expect(screen.getByLabelText(MESSAGES.fields.name)).toHaveAttribute('aria-invalid', 'true');
    expect(platform.api.call).not.toHaveBeenCalled();
  });

  it('asks for a password of at least 8 characters', async () => {
    const user = userEvent.setup();
    const { platform } = renderWithPlatform(<SignupPage />);
    await tickAll(user);
    await user.type(screen.getByLabelText(MESSAGES.fields.name), 'Ada');
    await user.type(screen.getByLabelText(MESSAGES.fields.email), 'ada@example.com');
    await user.type(screen.getByLabelText(MESSAGES.fields.password), 'Short-1');
    await user.type(screen.getByLabelText(MESSAGES.fields.confirmPassword), 'Short-1');
    await user.click(submitButton());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getAllByRole('listitem').map((li) => li.textContent)).toEqual([MESSAGES.signup.passwordMin]);
    expect(platform.api.call).not.toHaveBeenCalled();
  });

  it('registers as an Employer and signs in with the answer', async () => {
    const user = userEvent.setup();
    const { platform } = renderWithPlatform(<SignupPage />);
    const answer = { success: true, message: 'Registered', token: 't', id: 'u', role: 'Employer', signUpState: 0 };
    platform.api.call.mockResolvedValue(answer);
    await fillValid(user);
    await tickAll(user);
    await user.click(submitButton());
    await waitFor(() => expect(platform.auth.signIn).toHaveBeenCalledWith(answer, { remember: true }));
    expect(platform.api.call).toHaveBeenCalledWith(expect.objectContaining({ id: 'accounts.register' }), {
      body: { email: 'ada@example.com', password: 'secret-pass', userName: 'Ada', role: 'Employer' },
    });
  });

  it('lists the server errors when registration fails', async () => {
    const user = userEvent.setup();
    const { platform } = renderWithPlatform(<SignupPage />);
    platform.api.call.mockRejectedValue(
      new ApiError(400, 'Validation failed', [
        { field: 'email', message: 'Email is already registered.' },
        { field: 'password', message: 'Password is too common.' },
      ]),
    );
    await fillValid(user);
    await tickAll(user);
    await user.click(submitButton());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Email is already registered.', 'Password is too common.']);
    expect(platform.auth.signIn).not.toHaveBeenCalled();
  });

  it('falls back to the generic failure, and to the server message when the answer has no token', async () => {
    const user = userEvent.setup();
    const { platform } = renderWithPlatform(<SignupPage />);
    platform.api.call.mockRejectedValueOnce(new Error('network'));
    await fillValid(user);
    await tickAll(user);
    await user.click(submitButton());
    expect(await screen.findByText(MESSAGES.signup.failed)).toBeInTheDocument();

    platform.api.call.mockResolvedValueOnce({ success: true, message: '' });
    await user.click(submitButton());
    expect(await screen.findByText(MESSAGES.signup.unexpectedResponse)).toBeInTheDocument();
    expect(platform.auth.signIn).not.toHaveBeenCalled();
  });

  it('opens each policy in a dialog without ticking its box, and closes it', async () => {
    const user = userEvent.setup();
    renderWithPlatform(<SignupPage />);
    for (const title of [policies.terms, policies.privacy, policies.safety]) {
      await user.click(screen.getByRole('button', { name: title }));
      const dialog = await screen.findByRole('dialog', { name: title });
      expect(dialog).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: MESSAGES.labels.close }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
    for (const box of screen.getAllByRole('checkbox')) expect(box).not.toBeChecked();
  });

  it('states the policy facts', async () => {
    const user = userEvent.setup();
    renderWithPlatform(<SignupPage />);
    await user.click(screen.getByRole('button', { name: policies.terms }));
    const terms = await screen.findByRole('dialog', { name: policies.terms });
    expect(terms).toHaveTextContent('at least 16');
    expect(terms).toHaveTextContent('£1,000');
    expect(terms).toHaveTextContent('30 days');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: policies.privacy }));
    const privacy = await screen.findByRole('dialog', { name: policies.privacy });
    expect(privacy).toHaveTextContent('24 months after membership ends');
    expect(privacy).toHaveTextContent('up to 5 years');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: policies.safety }));
    const safety = await screen.findByRole('dialog', { name: policies.safety });
    expect(safety).toHaveTextContent('I’ve Arrived');
    expect(safety).toHaveTextContent(/MOT/);
  });

  it('links back to login', () => {
    renderWithPlatform(<SignupPage />);
    expect(screen.getByRole('link', { name: COPY.signup.backToLogin })).toHaveAttribute('href', '#/');
  });
});
