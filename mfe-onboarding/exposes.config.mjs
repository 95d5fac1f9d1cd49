// Names must match REMOTES['mfe-onboarding'].exposes in shared-contracts (checked by a test).
export const REMOTE_EXPOSES = {
  './SetupCompanyPage': './src/exposes/setup-company-page.tsx',
  './SetupIncentivesPage': './src/exposes/setup-incentives-page.tsx',
  './SetupEmployeesPage': './src/exposes/setup-employees-page.tsx',
  './AccountCompletedPage': './src/exposes/account-completed-page.tsx',
  './CompanySettingsPage': './src/exposes/company-settings-page.tsx',
  './AllEmployersPage': './src/exposes/all-employers-page.tsx',
  './EmployerModal': './src/exposes/employer-modal.tsx',
};
