// Development only: renders this remote's pages outside the shell, against an in-memory api, so that
// they can be looked at (and screenshotted) before the employers api exists. Not part of any build
// the portal serves. Open /#/<scenario>, e.g. /#/setup-company?state=empty.
import '@portal/shared-ui/tokens.css';
import { ApiError, type AnyEndpoint, type Company, type EmployerListItem, type RemoteSlotProps } from '@portal/shared-contracts';
import { createToastStore, Toaster } from '@portal/shared-ui';
import { createHarnessPlatform, mountHarness, PlatformProviders, toastInto } from '@portal/testing/harness';
import { useEffect, useState, type ReactNode } from 'react';
import AccountCompletedPage from '../src/exposes/account-completed-page';
import AllEmployersPage from '../src/exposes/all-employers-page';
import CompanySettingsPage from '../src/exposes/company-settings-page';
import SetupCompanyPage from '../src/exposes/setup-company-page';
import SetupEmployeesPage from '../src/exposes/setup-employees-page';
import SetupIncentivesPage from '../src/exposes/setup-incentives-page';

const GB = { alpha2Code: 'GB', name: 'United Kingdom', callingCode: '+44', flag: '🇬🇧' };
let seq = 100;
const id = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

const LONG = 'The Extraordinarily Long-Named International Consolidated Widget Manufacturing Company Limited';

function company(over: Partial<Company> = {}): Company {
  return {
    id: id(),
    name: 'Acme Widgets Ltd',
    email: 'office@acme.example',
    phoneNumber: '07911 123456',
    countryCode: GB,
    isActive: true,
    signUpState: 1,
    locations: [{ id: id(), addressLine1: '1 High Street', addressLine2: 'Floor 3', town: 'Leeds', postalCode: 'LS1 4AP' }],
    incentive: null,
    deactivationReason: null,
    createdAt: '2026-01-05T10:00:00.000Z',
    ...over,
  };
}

const params = new URLSearchParams(location.hash.split('?')[1] ?? '');
const state = params.get('state') ?? 'normal';

let db: Company | null = state === 'empty' ? null : company(state === 'long' ? { name: LONG, email: `accounts.payable.department@${'very-long-domain-name'.repeat(2)}.example` } : {});
const employers: EmployerListItem[] = Array.from({ length: 23 }, (_, i) => ({
  id: id(),
  name: i === 1 ? LONG : `Company ${String.fromCharCode(65 + (i % 26))}${i} Ltd`,
  email: `contact${i}@company${i}.example`,
  phoneNumber: `7911 12${String(3400 + i)}`,
  countryCode: GB,
  isActive: i % 5 !== 3,
  locations: [],
  signUpState: 3,
  employeeCount: i * 3,
  createdAt: '2026-01-05T10:00:00.000Z',
}));

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The fake server reads inputs loosely; the answers are still parsed with the contracts' schemas.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function handle(endpoint: AnyEndpoint, input: Record<string, any> = {}): Promise<unknown> {
  await delay(150);
  if (state === 'error') throw new ApiError(500, 'Something went wrong on our side. Please try again later.');
  const ok = { success: true, message: 'ok' };
  switch (endpoint.id) {
    case 'employers.get': {
      const found = db && db.id === input.params.id ? db : employers.find((e) => e.id === input.params.id);
      if (!found) throw new ApiError(404, 'Company not found.');
      return { ...ok, company: 'incentive' in found ? found : company({ ...found, locations: found === employers[0] ? [] : company().locations, deactivationReason: found.isActive ? null : 'Contract ended' }) };
    }
    case 'employers.create':
      db = company({ ...input.body, countryCode: GB, locations: [], signUpState: 0 });
      return { ...ok, id: db.id, company: db };
    case 'employers.update':
      db = { ...db!, ...input.body, countryCode: GB };
      return { ...ok, id: db.id, company: db };
    case 'employers.addLocation': {
      const loc = { id: id(), ...input.body, addressLine2: input.body.addressLine2 || null };
      db = { ...db!, locations: [...db!.locations, loc], signUpState: Math.max(db!.signUpState, 1) };
      return { ...ok, id: loc.id, location: loc, signUpState: db.signUpState };
    }
    case 'employers.updateLocation':
      db = { ...db!, locations: db!.locations.map((l) => (l.id === input.body.id ? { ...l, ...input.body } : l)) };
      return { ...ok, id: input.body.id, location: db.locations.find((l) => l.id === input.body.id) };
    case 'employers.deleteLocation':
      db = { ...db!, locations: db!.locations.filter((l) => l.id !== input.params.id) };
      return ok;
    case 'employers.getIncentive':
      return { ...ok, incentive: db?.incentive ?? null };
    case 'employers.saveIncentive':
      db = { ...db!, incentive: input.body, signUpState: 2 };
      return { ...ok, incentive: input.body, signUpState: 2 };
    case 'employers.completeSetup':
      return { ...ok, signUpState: 3 };
    case 'employers.list': {
      const q = input.query ?? {};
      let rows = employers.filter((e) => (q.status === 'Active' ? e.isActive : q.status === 'Deactivated' ? !e.isActive : true));
      if (q.search) rows = rows.filter((e) => `${e.name} ${e.email} ${e.phoneNumber}`.toLowerCase().includes(String(q.search).toLowerCase()));
      if (state === 'empty') rows = [];
      const size = q.pageSize ?? 10;
      const page = q.pageNumber ?? 1;
      const totalPages = Math.ceil(rows.length / size);
      return { items: rows.slice((page - 1) * size, page * size), totalCount: rows.length, pageNumber: page, pageSize: size, totalPages, hasPreviousPage: page > 1, hasNextPage: page < totalPages };
    }
    default:
      return ok;
  }
}

const toasts = createToastStore();

function Slot({ remote, module }: RemoteSlotProps) {
  return (
    <div role="alert" style={{ padding: 16, border: '1px dashed #c33', borderRadius: 8 }}>
      {remote}/{module} is unavailable right now.
    </div>
  );
}

function Harness() {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const on = () => setHash(location.hash);
    addEventListener('hashchange', on);
    return () => removeEventListener('hashchange', on);
  }, []);
  const [path, search = ''] = hash.replace(/^#/, '').split('?');
  const platform = createHarnessPlatform({
    call: handle,
    session: {
      userId: id(),
      role: path === '/super-admin' ? 'SuperAdmin' : 'Employer',
      name: 'Pat Employer',
      email: 'pat@acme.example',
      employerId: db?.id ?? null,
      employerUserId: null,
      signUpState: db?.signUpState ?? 0,
      companyDetails: db,
    },
    navigate: (to) => {
      console.log('navigate', to);
    },
    pathname: path,
    query: search,
    toast: toastInto(toasts),
    release: { shellVersion: 'dev', contractsVersion: 'dev', remotes: {} },
    savedFlag: { get: () => sessionStorage.getItem('saved') === 'true', set: (v) => sessionStorage.setItem('saved', String(v)) },
    RemoteSlot: Slot,
    origin: location.origin,
  });
  const pages: Record<string, ReactNode> = {
    '/setup-company': <SetupCompanyPage />,
    '/setup-company-incentives': <SetupIncentivesPage />,
    '/setup-company-employee-details': <SetupEmployeesPage />,
    '/account-completed': <AccountCompletedPage />,
    '/company-settings': <CompanySettingsPage />,
    '/super-admin': <AllEmployersPage />,
  };
  return (
    <PlatformProviders platform={platform}>
      {pages[path ?? ''] ?? <p>Unknown page {path}</p>}
      <Toaster store={toasts} />
    </PlatformProviders>
  );
}

mountHarness(<Harness />);
