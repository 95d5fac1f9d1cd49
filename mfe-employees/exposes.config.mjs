// The public face of this remote: names as listed in shared-contracts REMOTES['mfe-employees'].exposes.
export const REMOTE_EXPOSES = {
  './EmployeeManagementPage': './src/exposes/employee-management-page.tsx',
  './AddManuallyPage': './src/exposes/add-manually-page.tsx',
  './ImportCsvDialog': './src/exposes/import-csv-dialog.tsx',
  './ShareLinkDialog': './src/exposes/share-link-dialog.tsx',
  './JoinRequestsBell': './src/exposes/join-requests-bell.tsx',
  './SetupAccountPage': './src/exposes/setup-account-page.tsx',
  './DownloadLinksPage': './src/exposes/download-links-page.tsx',
  './AllUsersPage': './src/exposes/all-users-page.tsx',
};
