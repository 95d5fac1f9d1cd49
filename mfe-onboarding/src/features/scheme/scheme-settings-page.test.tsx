import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError, MESSAGES, TRIAL, type SchemeSettings } from '@portal/shared-contracts';
import { renderWithPlatform } from '../../test/render';
import { SchemeSettingsPage } from './scheme-settings-page';

const COPY = MESSAGES.schemeSettings;
const SAVED: SchemeSettings = { trialDays: 30, supportEmail: 'help@scheme.example', supportPhone: '0113 496 0999', supportHours: 'Weekdays 9 to 5', updatedAt: '2026-11-01T10:00:00.000Z' };

function setup(initial: SchemeSettings = SAVED, update?: (body: unknown) => unknown) {
  let settings = initial;
  return renderWithPlatform(<SchemeSettingsPage />, {
    session: { role: 'SuperAdmin' },
    handlers: {
      'schemeSettings.get': () => settings,
      'schemeSettings.update':
        update ??
        ((input: Record<string, unknown> | undefined) => {
          const body = input?.body as { trialDays: number; supportEmail: string; supportPhone: string; supportHours: string };
          settings = { trialDays: body.trialDays, supportEmail: body.supportEmail || null, supportPhone: body.supportPhone || null, supportHours: body.supportHours || null, updatedAt: '2026-11-23T10:00:00.000Z' };
          return { success: true, message: COPY.saved, changed: true, settings };
        }),
    },
  });
}

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;

describe('Scheme Settings', () => {
  it('shows the trial length and the support contact as saved, with the grace period explained', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: COPY.title })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('30')).toBe(field(COPY.trialDays));
    expect(field(COPY.supportEmail)).toHaveValue('help@scheme.example');
    expect(field(COPY.supportPhone)).toHaveValue('0113 496 0999');
    expect(field(COPY.supportHours)).toHaveValue('Weekdays 9 to 5');
    expect(screen.getByText(COPY.graceNote(TRIAL.graceDays))).toBeInTheDocument();
    expect(screen.getByText(COPY.trialDaysHint(TRIAL.maxDays))).toBeInTheDocument();
  });

  it('checks what the api checks before sending anything', async () => {
    const { user, callsTo } = setup();
    await screen.findByDisplayValue('30');
    await user.clear(field(COPY.trialDays));
    await user.type(field(COPY.trialDays), '400');
    await user.clear(field(COPY.supportEmail));
    await user.type(field(COPY.supportEmail), 'not an address');
    await user.clear(field(COPY.supportPhone));
    await user.type(field(COPY.supportPhone), 'call me');
    await user.click(screen.getByRole('button', { name: COPY.save }));
    expect(await screen.findByText(COPY.trialDaysInvalid(TRIAL.maxDays))).toBeInTheDocument();
    expect(screen.getByText(COPY.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(COPY.phoneInvalid)).toBeInTheDocument();
    expect(callsTo('schemeSettings.update')).toEqual([]);
  });

  it('saves, clearing a blank field, and says so', async () => {
    const { user, toast, callsTo } = setup();
    await screen.findByDisplayValue('30');
    await user.clear(field(COPY.trialDays));
    await user.type(field(COPY.trialDays), '14');
    await user.clear(field(COPY.supportHours));
    await user.click(screen.getByRole('button', { name: COPY.save }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(COPY.saved));
    expect(callsTo('schemeSettings.update')).toEqual([{ body: { trialDays: 14, supportEmail: 'help@scheme.example', supportPhone: '0113 496 0999', supportHours: '' } }]);
    expect(await screen.findByDisplayValue('14')).toBeInTheDocument();
    expect(field(COPY.supportHours)).toHaveValue('');
  });

  it("shows the api's refusal", async () => {
    const { user, toast } = setup(SAVED, () => {
      throw new ApiError(403, MESSAGES.common.forbidden);
    });
    await screen.findByDisplayValue('30');
    await user.click(screen.getByRole('button', { name: COPY.save }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MESSAGES.common.forbidden));
  });

  it('says when the settings could not be loaded, with Retry', async () => {
    renderWithPlatform(<SchemeSettingsPage />, {
      session: { role: 'SuperAdmin' },
      handlers: {
        'schemeSettings.get': () => {
          throw new ApiError(500, 'down');
        },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(COPY.loadFailed)).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: MESSAGES.common.retry })).toBeInTheDocument();
  });
});
