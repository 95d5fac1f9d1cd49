// Development only (not part of the remote): renders the exposed pages with an in-memory platform so
// they can be looked at in a browser before the shell exists. Build: `pnpm harness`.
import '@portal/shared-ui/tokens.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError, ENDPOINTS, PlatformContext, type AdminEntry, type AnyEndpoint, type Platform, type Session } from '@portal/shared-contracts';
import { Toaster, createToastStore } from '@portal/shared-ui';
import { StrictMode, useEffect, useMemo, useState, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import AdminUsersPage from '../src/exposes/admin-users-page';
import ChangePasswordPage from '../src/exposes/change-password-page';
import ForgotPasswordPage from '../src/exposes/forgot-password-page';
import LoginPage from '../src/exposes/login-page';
import ResetPasswordPage from '../src/exposes/reset-password-page';
import SignupPage from '../src/exposes/signup-page';

const toasts = createToastStore();
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
let admins: AdminEntry[] = [
  { id: 'a1', name: 'grace', email: 'grace@example.com', role: 'SuperAdmin' },
  { id: 'a2', name: 'linus', email: 'linus@example.com', role: 'Employer' },
  ...Array.from({ length: 11 }, (_, i) => ({ id: `x${i}`, name: `admin${i + 1}`, email: `admin${i + 1}@example.com`, role: 'Admin' as const })),
];

const session: Session = {
  userId: 'me',
  role: 'SuperAdmin',
  name: 'Ada',
  email: 'ada@example.com',
  employerId: 'c1',
  employerUserId: 'eu1',
  signUpState: 3,
  companyDetails: null,
};

async function call(endpoint: AnyEndpoint, input?: { body?: Record<string, unknown>; params?: Record<string, string> }): Promise<unknown> {
  await wait(600);
  const body = input?.body ?? {};
  switch (endpoint.id) {
    case ENDPOINTS.accounts.login.id:
      if (String(body.email).startsWith('deactivated')) throw new ApiError(403, 'Your company account has been deactivated. Please contact support.');
      if (body.password !== 'password1') throw new ApiError(401, 'Invalid email or password.');
      return { success: true, message: 'ok', token: 't', id: 'me', role: 'Employer', signUpState: 3, userSignUpState: 3, email: body.email, name: 'Ada', employerId: 'c1', employerUserId: 'eu1' };
    case ENDPOINTS.accounts.register.id:
      if (String(body.email).startsWith('taken')) {
        throw new ApiError(409, 'Registration failed', [{ field: 'email', message: 'An account with this email already exists.' }]);
      }
      return { success: true, message: 'Registered', token: 't', id: 'me', role: 'Employer', signUpState: 0, userSignUpState: 0, email: body.email, name: body.userName, employerId: null, employerUserId: null };
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
      const id = `n${Date.now()}`;
      admins = [...admins, { id, name: String(body.userName), email: String(body.email), role: body.role as AdminEntry['role'] }];
      return { success: true, message: 'ok', id };
    }
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
};

function readHash() {
  const raw = window.location.hash.replace(/^#/, '') || '/';
  const [pathname = '/', search = ''] = raw.split('?');
  return { pathname, search: search ? `?${search}` : '', query: new URLSearchParams(search) };
}

function Harness() {
  const [location, setLocation] = useState(readHash);
  useEffect(() => {
    const on = () => setLocation(readHash());
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  const client = useMemo(() => new QueryClient(), []);
  const platform: Platform = {
    api: { call: call as Platform['api']['call'] },
    session,
    auth: {
      signIn: async (answer, { remember }) => {
        toasts.show('info', `Signed in as ${answer.email} (remember: ${String(remember)}, state ${answer.signUpState})`);
        window.location.hash = '#/login-details';
      },
      signOut: async () => {
        toasts.show('info', 'Signed out');
      },
      updateSession: () => {},
    },
    navigate: (to) => {
      window.location.hash = `#${to}`;
    },
    location,
    toast: {
      success: (m) => toasts.show('success', m),
      error: (m) => toasts.show('error', m),
      info: (m) => toasts.show('info', m),
    },
    release: { shellVersion: 'harness', contractsVersion: 'dev', remotes: {} },
    savedFlag: { get: () => false, set: () => {} },
    RemoteSlot: () => null,
    origin: window.location.origin,
  };
  const Page = pages[location.pathname] ?? LoginPage;
  return (
    <QueryClientProvider client={client}>
      <PlatformContext.Provider value={platform}>
        <Page key={location.pathname + location.search} />
        <Toaster store={toasts} />
      </PlatformContext.Provider>
    </QueryClientProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Harness />
  </StrictMode>,
);
