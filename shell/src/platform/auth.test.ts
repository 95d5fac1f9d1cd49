import { describe, expect, it, vi } from 'vitest';
import { ENDPOINTS, ROUTES, type AnyEndpoint, type ApiClient, type LoginAnswer, type Session } from '@portal/shared-contracts';
import { employerCompany } from '../test/render-shell';
import { runSignIn } from './auth';

const USER = '11111111-1111-4111-8111-111111111111';
const EMPLOYER_USER = '22222222-2222-4222-8222-222222222222';
const COMPANY = '33333333-3333-4333-8333-333333333333';

const answer = (over: Partial<LoginAnswer> = {}): LoginAnswer => ({
  success: true,
  message: 'OK',
  token: 'ignored-by-the-portal',
  id: USER,
  role: 'Employer',
  signUpState: 3,
  userSignUpState: 3,
  email: 'ann@acme.test',
  name: 'Ann',
  employerId: COMPANY,
  employerUserId: EMPLOYER_USER,
  offices: null,
  ...over,
});

const company = employerCompany();

function deps() {
  const calls: { endpoint: AnyEndpoint; input: unknown }[] = [];
  const api: ApiClient = {
    call: vi.fn(async (endpoint: AnyEndpoint, input?: unknown) => {
      calls.push({ endpoint, input });
      if (endpoint === ENDPOINTS.employers.current) return { success: true, message: 'OK', id: EMPLOYER_USER, userId: USER, employerId: COMPANY };
      if (endpoint === ENDPOINTS.employers.get) return { success: true, message: 'OK', company };
      throw new Error(`unexpected ${endpoint.id}`);
    }) as ApiClient['call'],
  };
  const stored: { session: Session; remember: boolean }[] = [];
  const navigate = vi.fn();
  return { api, calls, stored, navigate, store: (session: Session, remember: boolean) => stored.push({ session, remember }) };
}

describe('sign-in sequence', () => {
  it('sends a SuperAdmin to the back office without loading a company', async () => {
    const d = deps();
    await runSignIn(answer({ role: 'SuperAdmin', signUpState: 0 }), true, d);
    expect(d.navigate).toHaveBeenCalledWith(ROUTES.superAdmin);
    expect(d.calls).toHaveLength(0);
  });

  it('sends sign-up state 0 to company setup before any company load', async () => {
    const d = deps();
    await runSignIn(answer({ signUpState: 0, employerId: null }), false, d);
    expect(d.navigate).toHaveBeenCalledWith(ROUTES.setupCompany);
    expect(d.calls).toHaveLength(0);
    expect(d.stored[0]).toMatchObject({ remember: false, session: { userId: USER, name: 'Ann' } });
  });

  it('loads the employer by user id for an Employer, then the company, then routes by state', async () => {
    const d = deps();
    const session = await runSignIn(answer({ signUpState: 1 }), true, d);
    expect(d.calls.map((c) => c.endpoint.id).sort()).toEqual(['employers.current', 'employers.get']);
    expect(d.calls.find((c) => c.endpoint === ENDPOINTS.employers.current)!.input).toEqual({ params: { userId: USER } });
    expect(session.companyDetails?.name).toBe('Acme');
    expect(d.stored.at(-1)!.session.companyDetails?.name).toBe('Acme');
    expect(d.navigate).toHaveBeenCalledWith(ROUTES.setupIncentives);
  });

  it('loads the employer by the employer-user id for an Admin and lands on the dashboard', async () => {
    const d = deps();
    await runSignIn(answer({ role: 'Admin' }), true, d);
    expect(d.calls.find((c) => c.endpoint === ENDPOINTS.employers.current)!.input).toEqual({ params: { userId: EMPLOYER_USER } });
    expect(d.navigate).toHaveBeenCalledWith(ROUTES.mainPage);
  });

  it('asks for the company the answer names beside the employer record, not after it', async () => {
    const d = deps();
    let answerRecord: (() => void) | undefined;
    const record = new Promise<void>((resolve) => (answerRecord = resolve));
    const call = d.api.call;
    d.api.call = vi.fn(async (endpoint: AnyEndpoint, input?: unknown) => {
      if (endpoint === ENDPOINTS.employers.current) await record;
      return call(endpoint, input as never);
    }) as ApiClient['call'];
    const done = runSignIn(answer(), true, d);
    await vi.waitFor(() => expect(d.calls.map((c) => c.endpoint.id)).toEqual(['employers.get']));
    expect(d.calls[0]!.input).toEqual({ params: { id: COMPANY } });
    answerRecord!();
    const session = await done;
    expect(d.calls.map((c) => c.endpoint.id)).toEqual(['employers.get', 'employers.current']);
    expect(session).toMatchObject({ employerId: COMPANY, employerUserId: EMPLOYER_USER, companyDetails: { name: 'Acme' } });
    expect(d.navigate).toHaveBeenCalledWith(ROUTES.mainPage);
  });

  it('takes the company the employer record names when it is another one', async () => {
    const OTHER = '44444444-4444-4444-8444-444444444444';
    const d = deps();
    const call = d.api.call;
    d.api.call = vi.fn(async (endpoint: AnyEndpoint, input?: unknown) => {
      if (endpoint === ENDPOINTS.employers.current) {
        d.calls.push({ endpoint, input });
        return { success: true, message: 'OK', id: EMPLOYER_USER, userId: USER, employerId: OTHER };
      }
      if (endpoint === ENDPOINTS.employers.get && (input as { params: { id: string } }).params.id === OTHER) {
        d.calls.push({ endpoint, input });
        return { success: true, message: 'OK', company: { ...company, id: OTHER, name: 'Other' } };
      }
      return call(endpoint, input as never);
    }) as ApiClient['call'];
    const session = await runSignIn(answer(), true, d);
    expect(d.calls.map((c) => (c.input as { params: Record<string, string> }).params)).toEqual([{ id: COMPANY }, { userId: USER }, { id: OTHER }]);
    expect(session).toMatchObject({ employerId: OTHER, companyDetails: { name: 'Other' } });
  });

  it('loads no company when the employer record cannot be read, as before', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const d = deps();
    const call = d.api.call;
    d.api.call = vi.fn(async (endpoint: AnyEndpoint, input?: unknown) => {
      if (endpoint === ENDPOINTS.employers.current) throw new Error('offline');
      return call(endpoint, input as never);
    }) as ApiClient['call'];
    const session = await runSignIn(answer(), true, d);
    expect(session.companyDetails).toBeNull();
    expect(error).toHaveBeenCalled();
    expect(d.navigate).toHaveBeenCalledWith(ROUTES.mainPage);
  });

  it('routes an unknown state to setup-company with a console warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const d = deps();
    await runSignIn(answer({ signUpState: 9 }), true, d);
    expect(d.navigate).toHaveBeenCalledWith(ROUTES.setupCompany);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('9'));
  });

  it('never stores the token', async () => {
    const d = deps();
    await runSignIn(answer(), true, d);
    expect(JSON.stringify(d.stored)).not.toContain('ignored-by-the-portal');
  });
});
