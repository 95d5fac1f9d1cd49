import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { AUTH_MESSAGES } from './auth';
import { BACK_OFFICE_MESSAGES } from './back-office';
import { BILLING_MESSAGES } from './billing';
import { COMPANY_MESSAGES } from './company';
import { DATA_RIGHTS_MESSAGES } from './data-rights';
import { DRIVER_MESSAGES } from './drivers';
import { INPUT_MESSAGES } from './input';
import { INSIGHTS_MESSAGES } from './insights';
import { LABEL_MESSAGES } from './labels';
import { LOGIN_MESSAGES } from './login';
import { MONTHLY_REPORT_MESSAGES } from './monthly-reports';
import { NEW_REMOTE_MESSAGES } from './new-remote';
import { ROSTER_MESSAGES } from './roster';
import { PAGE_NAMES, SHELL_MESSAGES } from './shell';
import { RELEASE_FREEZE_MESSAGES } from './release-freezes';
import { RELEASE_PREVIEW_MESSAGES } from './release-previews';
import { REPORTS_MESSAGES } from './reports';
import { SCIM_MESSAGES } from './scim';
import { SSO_MESSAGES } from './sso';
import { TELEMETRY_MESSAGES } from './telemetry';

const AREAS = { AUTH_MESSAGES, BACK_OFFICE_MESSAGES, BILLING_MESSAGES, COMPANY_MESSAGES, DATA_RIGHTS_MESSAGES, DRIVER_MESSAGES, INPUT_MESSAGES, INSIGHTS_MESSAGES, LABEL_MESSAGES, LOGIN_MESSAGES, MONTHLY_REPORT_MESSAGES, NEW_REMOTE_MESSAGES, RELEASE_FREEZE_MESSAGES, RELEASE_PREVIEW_MESSAGES, REPORTS_MESSAGES, ROSTER_MESSAGES, SCIM_MESSAGES, SHELL_MESSAGES, SSO_MESSAGES, TELEMETRY_MESSAGES };

describe('the message areas', () => {
  it('hold each group of MESSAGES in exactly one area, and MESSAGES holds every area', () => {
    const owners = new Map<string, string[]>();
    for (const [area, groups] of Object.entries(AREAS)) {
      for (const key of Object.keys(groups)) owners.set(key, [...(owners.get(key) ?? []), area]);
    }
    const twice = [...owners].filter(([, areas]) => areas.length > 1);
    expect(twice).toEqual([]);
    expect(Object.keys(MESSAGES).sort()).toEqual([...owners.keys()].sort());
    for (const [area, groups] of Object.entries(AREAS)) {
      for (const [key, group] of Object.entries(groups)) expect(MESSAGES[key as keyof typeof MESSAGES], `${area}.${key}`).toBe(group);
    }
  });

  it('name the page titles that are also labels from one place', () => {
    expect(MESSAGES.labels.employerNav).toBe(PAGE_NAMES.employerNav);
    expect(MESSAGES.labels.allDrivers).toBe(PAGE_NAMES.allDrivers);
    expect(MESSAGES.labels.admins).toBe(PAGE_NAMES.admins);
    expect(MESSAGES.billing.title).toBe(PAGE_NAMES.payment);
    expect(MESSAGES.audit.title).toBe(PAGE_NAMES.auditLog);
    expect(MESSAGES.mail.title).toBe(PAGE_NAMES.failedMail);
    expect(MESSAGES.releases.title).toBe(PAGE_NAMES.releases);
  });
});
