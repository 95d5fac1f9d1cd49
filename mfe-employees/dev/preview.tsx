// Development-only preview: renders this remote's screens with a fake platform and in-memory data,
// so layouts (long names, empty states, errors, many rows) can be checked before the api exists.
import '@portal/shared-ui/tokens.css';
import { useState, type ReactNode } from 'react';
import { ApiError, type AnyEndpoint, type Employee, type Session, type UserListItem } from '@portal/shared-contracts';
import { Button } from '@portal/shared-ui';
import { createHarnessPlatform, mountHarness, pageOf, PlatformProviders, sessionFixture } from '@portal/testing/harness';
import { makeEmployee, makeUser } from '../src/test/fixtures';
import { EmployeeManagementPage } from '../src/features/employee-management/employee-management-page';
import { EmployeeDetailModal } from '../src/features/employee-management/employee-detail-modal';
import { ImportCsvDialog } from '../src/shared/import-csv-dialog';
import { ShareLinkDialog } from '../src/shared/share-link-dialog';
import { AddManuallyPage } from '../src/features/add-manually/add-manually-page';
import { SetupAccountPage } from '../src/features/setup-account/setup-account-page';
import { DownloadLinksPage } from '../src/features/setup-account/download-links-page';
import { AllUsersPage } from '../src/features/all-users/all-users-page';
import { JoinRequestsBell } from '../src/features/join-requests/join-requests-bell';

const params = new URLSearchParams(location.hash.replace(/^#\/?/, ''));
const scenario = params.get('s') ?? 'employees';
const empty = params.has('empty');
const failing = params.has('fail');

const LONG = 'Maximiliana-Alexandrina Wolfeschlegelsteinhausenbergerdorff';
const employees: Employee[] = empty
  ? []
  : Array.from({ length: 57 }, (_, i) =>
      makeEmployee({
        firstName: i === 0 ? LONG.slice(0, 30) : `Employee${i + 1}`,
        lastName: i === 0 ? 'Wolfeschlegelsteinhausenberger' : 'Smith',
        email: i === 0 ? 'maximiliana.alexandrina.wolfeschlegelsteinhausenberger@a-very-long-company-domain.example.co.uk' : `employee${i + 1}@acme.example`,
        isActive: i % 6 !== 0,
        deactivationReason: i % 6 === 0 ? 'Left the company at the end of the contract.' : null,
        vehicle: i % 3 === 0 ? { make: 'Volkswagen', model: 'Golf', yearManufactured: 2018, color: 'Grey', registrationNumber: 'LB18 XYZ', isVerified: true } : null,
        drivingLicenseNumber: i % 3 === 0 ? 'SMITH801234AB9CD' : null,
        postalCode: i % 2 === 0 ? { value: 'M1 2AB' } : null,
      }),
    );
const pending: Employee[] = empty
  ? []
  : Array.from({ length: 134 }, (_, i) =>
      makeEmployee({
        firstName: i === 0 ? LONG.slice(0, 30) : `Applicant${i + 1}`,
        lastName: 'Jones',
        email: i === 0 ? 'a.really.long.email.address.for.testing@subdomain.example-company.co.uk' : `applicant${i + 1}@acme.example`,
        isApproved: false,
        isActive: false,
      }),
    );
const users: UserListItem[] = empty
  ? []
  : Array.from({ length: 43 }, (_, i) =>
      makeUser({
        id: employees[i]?.id,
        firstName: employees[i]?.firstName ?? `Boss${i}`,
        lastName: employees[i]?.lastName ?? 'Owner',
        email: employees[i]?.email ?? `boss${i}@corp.example`,
        phoneNumber: i % 4 === 0 ? null : '+44 7700 900123',
        role: i % 7 === 3 ? 'Employer' : 'Employee',
      }),
    );

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function call(endpoint: AnyEndpoint, input?: Record<string, unknown>, options?: { onUploadProgress?: (f: number) => void }): Promise<unknown> {
  await wait(150);
  const q = (input?.query ?? {}) as Record<string, string | number | undefined>;
  const p = (input?.params ?? {}) as Record<string, string>;
  if (failing && endpoint.id !== 'employers.get') throw new ApiError(500, 'Something went wrong on our side. Please try again later.');
  switch (endpoint.id) {
    case 'employees.list': {
      const s = String(q.search ?? '').toLowerCase();
      const rows = employees
        .filter((e) => (q.status === 'active' ? e.isActive : q.status === 'deactivated' ? !e.isActive : true))
        .filter((e) => !s || `${e.firstName} ${e.lastName} ${e.email}`.toLowerCase().includes(s));
      return pageOf(rows, Number(q.pageNumber), Number(q.pageSize));
    }
    case 'employees.pending':
      return pageOf(pending, Number(q.pageNumber), Number(q.pageSize));
    case 'employees.get':
      return { success: true, message: 'ok', employee: employees.find((e) => e.id === p.id) ?? employees[0] };
    case 'accounts.users': {
      const rows = users.filter((u) => (q.type === 'Employees' ? u.role === 'Employee' : q.type === 'Employers' ? u.role !== 'Employee' : true));
      return pageOf(rows, Number(q.pageNumber), Number(q.pageSize));
    }
    case 'employers.get':
      if (params.has('nocompany')) throw new ApiError(404, 'Company not found.');
      return { success: true, message: 'ok', company: { id: p.id, name: 'Acme Sustainable Commuting Solutions International Ltd' } };
    case 'employees.csvImport':
      for (const f of [0.2, 0.5, 0.8, 1]) {
        options?.onUploadProgress?.(f);
        await wait(150);
      }
      throw new ApiError(
        422,
        'The file has 60 invalid rows.',
        Array.from({ length: 60 }, (_, i) => ({ line: i + 2, field: i % 2 ? 'email' : 'employeeNumber', message: i % 2 ? 'Invalid email format' : 'Employee No required' })),
      );
    case 'employees.bulkAdd':
      throw new ApiError(409, 'Some employees already exist.', [{ line: 2, field: 'email', message: 'This email is already registered' }]);
    default:
      return { success: true, message: 'ok', count: 1 };
  }
}

function Frame({ children }: { children: ReactNode }) {
  return <div style={{ padding: 24, maxWidth: 1200, margin: '0 auto' }}>{children}</div>;
}

function Open({ children }: { children: (open: boolean, set: (o: boolean) => void) => ReactNode }) {
  const [open, setOpen] = useState(true);
  return (
    <Frame>
      <Button onClick={() => setOpen(true)}>Open</Button>
      {children(open, setOpen)}
    </Frame>
  );
}

const screens: Record<string, () => ReactNode> = {
  employees: () => (
    <Frame>
      <EmployeeManagementPage />
    </Frame>
  ),
  detail: () => <EmployeeDetailModal employeeId={employees[Number(params.get('i') ?? 1)]?.id ?? null} onClose={() => {}} />,
  csv: () => <Open>{(open, set) => <ImportCsvDialog open={open} onOpenChange={set} />}</Open>,
  share: () => <Open>{(open, set) => <ShareLinkDialog open={open} onOpenChange={set} />}</Open>,
  manual: () => <AddManuallyPage />,
  setup: () => <SetupAccountPage />,
  download: () => <DownloadLinksPage />,
  users: () => (
    <Frame>
      <AllUsersPage />
    </Frame>
  ),
  bell: () => (
    <header style={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 16, padding: '8px 24px', background: 'white', borderBottom: '1px solid var(--color-border)' }}>
      <JoinRequestsBell />
      <span>Employer Admin</span>
    </header>
  ),
};

const session: Session | null = scenario === 'setup' || scenario === 'download' ? null : params.has('nosession') ? { ...sessionFixture, employerId: null } : sessionFixture;
const platform = createHarnessPlatform({
  call,
  session,
  query: params.get('q') ?? '',
  navigate: (to) => console.log('navigate', to),
  toast: { success: (m) => console.log('toast.success', m), error: (m) => console.log('toast.error', m), info: (m) => console.log('toast.info', m) },
});

mountHarness(<PlatformProviders platform={platform}>{(screens[scenario] ?? screens.employees!)()}</PlatformProviders>);
