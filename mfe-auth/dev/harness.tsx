// Development only (not part of the remote): renders the exposed pages with an in-memory platform so
// they can be looked at in a browser before the shell exists. Build: `pnpm harness`.
import '@portal/shared-ui/tokens.css';
import { ApiError, ENDPOINTS, type AdminEntry, type AnyEndpoint, type AuditEntry, type Session } from '@portal/shared-contracts';
import { Toaster, createToastStore } from '@portal/shared-ui';
import { createHarnessPlatform, mountHarness, PlatformProviders, toastInto } from '@portal/testing/harness';
import { useEffect, useState, type ComponentType } from 'react';
import AdminUsersPage from '../src/exposes/admin-users-page';
import AuditLogPage from '../src/exposes/audit-log-page';
import ChangePasswordPage from '../src/exposes/change-password-page';
import ForgotPasswordPage from '../src/exposes/forgot-password-page';
import LoginPage from '../src/exposes/login-page';
import ResetPasswordPage from '../src/exposes/reset-password-page';
import SignupPage from '../src/exposes/signup-page';

const toasts = createToastStore();
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
// Answers are parsed with the contracts' schemas, as the shell's client does: ids are UUIDs.
let seq = 100;
const uuid = (n = ++seq) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [ME, COMPANY, EMPLOYER_USER] = [uuid(1), uuid(2), uuid(3)];
let admins: AdminEntry[] = [
  { id: uuid(), name: 'grace', email: 'grace@example.com', role: 'SuperAdmin', offices: null },
  { id: uuid(), name: 'linus', email: 'linus@example.com', role: 'Employer', offices: null },
  ...Array.from({ length: 11 }, (_, i) => ({ id: uuid(), name: `admin${i + 1}`, email: `admin${i + 1}@example.com`, role: 'Admin' as const, offices: null })),
];

const audit: AuditEntry[] = Array.from({ length: 27 }, (_, i) => ({
  id: uuid(),
  createdAt: new Date(Date.now() - i * 5_400_000).toISOString(),
  actorUserId: uuid(),
  actorName: i % 3 ? 'Erin Employer' : 'Grace Root',
  actorEmail: i % 3 ? 'erin.employer@greenway-logistics.example' : 'grace@portal.example',
  actorRole: i % 3 ? 'Employer' : 'SuperAdmin',
  action: i % 3 ? 'employee.deactivated' : 'company.officeUpdated',
  summary: i % 3 ? `Employee deactivated: Sam Person${i} <sam.person${i}@greenway-logistics.example>` : 'Office changed: 1 Wellington Street, Leeds, LS1 4DL',
  companyId: COMPANY,
  companyName: 'Greenway Logistics Ltd',
  targetKind: i % 3 ? 'user' : 'location',
  targetId: uuid(),
  targetLabel: `Target ${i}`,
  reason: i % 3 ? 'Left the company at the end of the month' : null,
}));

const session: Session = {
  userId: ME,
  role: 'SuperAdmin',
  name: 'Ada',
  email: 'ada@example.com',
  employerId: COMPANY,
  employerUserId: EMPLOYER_USER,
  signUpState: 3,
  companyDetails: null,
};

async function call(endpoint: AnyEndpoint, input?: { body?: Record<string, unknown>; params?: Record<string, unknown> }): Promise<unknown> {
  await wait(600);
  const body = input?.body ?? {};
  switch (endpoint.id) {
    case ENDPOINTS.accounts.login.id:
      if (String(body.email).startsWith('deactivated')) throw new ApiError(403, 'Your company account has been deactivated. Please contact support.');
      if (body.password !== 'password1') throw new ApiError(401, 'Invalid email or password.');
      return { success: true, message: 'ok', token: 't', id: ME, role: 'Employer', signUpState: 3, userSignUpState: 3, email: body.email, name: 'Ada', employerId: COMPANY, employerUserId: EMPLOYER_USER };
    case ENDPOINTS.accounts.register.id:
      if (String(body.email).startsWith('taken')) {
        throw new ApiError(409, 'Registration failed', [{ field: 'email', message: 'An account with this email already exists.' }]);
      }
      return { success: true, message: 'Registered', token: 't', id: ME, role: 'Employer', signUpState: 0, userSignUpState: 0, email: body.email, name: body.userName, employerId: null, employerUserId: null };
    case ENDPOINTS.accounts.forgotPassword.id:
    case ENDPOINTS.accounts.resetPassword.id:
      return { success: true, message: 'ok' };
    case ENDPOINTS.accounts.changePassword.id:
      if (body.currentPassword !== 'password1') throw new ApiError(400, 'Current password is incorrect.');
      return { success: true, message: 'ok' };
    case ENDPOINTS.accounts.superAdmins.id:
      return admins.filter((a) => a.role !== 'Admin');
    case ENDPOINTS.accounts.employerAdmins.id: {
      const items = admins.filter((a) => a.role === 'Admin');
      return { items, totalCount: items.length, pageNumber: 1, pageSize: 100, totalPages: 1, hasPreviousPage: false, hasNextPage: false };
    }
    case ENDPOINTS.accounts.addUser.id: {
      const id = uuid();
      admins = [...admins, { id, name: String(body.userName), email: String(body.email), role: body.role as AdminEntry['role'], offices: null }];
      return { success: true, message: 'ok', id };
    }
    case ENDPOINTS.audit.list.id: {
      const q = (input as { query?: { pageNumber?: number; pageSize?: number } } | undefined)?.query ?? {};
      const [n, size] = [q.pageNumber ?? 1, q.pageSize ?? 10];
      const totalPages = Math.ceil(audit.length / size);
      const items = audit.slice((n - 1) * size, n * size);
      return { items, totalCount: audit.length, pageNumber: n, pageSize: size, totalPages, hasPreviousPage: n > 1, hasNextPage: n < totalPages };
    }
    case ENDPOINTS.audit.export.id:
      return 'When,Who\r\n';
    case ENDPOINTS.accounts.removeUser.id:
      admins = admins.filter((a) => a.id !== input?.params?.id);
      return { success: true, message: 'ok' };
    default:
      throw new ApiError(404, 'Not in the harness');
  }
}

const pages: Record<string, ComponentType> = {
  '/': LoginPage,
  '/Signup': SignupPage,
  '/forgot-password': ForgotPasswordPage,
  '/reset-password': ResetPasswordPage,
  '/login-details': () => <ChangePasswordPage variant="employer" />,
  '/super-admin-profile': () => <ChangePasswordPage variant="superAdmin" />,
  '/admins': () => <AdminUsersPage variant="superAdmin" />,
  '/user-management': () => <AdminUsersPage variant="employer" />,
  '/super-admin/audit-log': () => <AuditLogPage variant="superAdmin" />,
  '/company-settings/audit-log': () => <AuditLogPage variant="employer" />,
};

function readHash() {
  const raw = window.location.hash.replace(/^#/, '') || '/';
  const [pathname = '/', query = ''] = raw.split('?');
  return { pathname, query };
}

function Harness() {
  const [location, setLocation] = useState(readHash);
  useEffect(() => {
    const on = () => setLocation(readHash());
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  const platform = createHarnessPlatform({
    call,
    session,
    auth: {
      signIn: async (answer, { remember }) => {
        toasts.show('info', `Signed in as ${answer.email} (remember: ${String(remember)}, state ${answer.signUpState})`);
        window.location.hash = '#/login-details';
      },
      signOut: async () => {
        toasts.show('info', 'Signed out');
      },
    },
    navigate: (to) => {
      window.location.hash = `#${to}`;
    },
    ...location,
    toast: toastInto(toasts),
    release: { shellVersion: 'harness', contractsVersion: 'dev', remotes: {} },
    origin: window.location.origin,
  });
  const Page = pages[location.pathname] ?? LoginPage;
  return (
    <PlatformProviders platform={platform}>
      <Page key={`${location.pathname}?${location.query}`} />
      <Toaster store={toasts} />
    </PlatformProviders>
  );
}

mountHarness(<Harness />);
