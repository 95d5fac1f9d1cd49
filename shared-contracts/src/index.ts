// The whole contract. Its parts are entry points of their own, each a shared singleton of its own
// (build-config's SHARED_SINGLETONS), so that a page loads only the parts it imports: the login page
// its messages, the platform, the forms and the accounts endpoints, not the table of every endpoint.
// Each is re-exported through the package's name, never a relative path: a relative path would make
// this module carry second copies of the shared entries (a second PlatformContext).
export * from '@portal/shared-contracts/constants';
export * from '@portal/shared-contracts/messages';
export * from '@portal/shared-contracts/routes';
export * from '@portal/shared-contracts/page-titles';
export * from '@portal/shared-contracts/entities';
export * from '@portal/shared-contracts/forms';
export * from '@portal/shared-contracts/endpoint';
export * from '@portal/shared-contracts/scheme';
export * from '@portal/shared-contracts/endpoints';
export * from '@portal/shared-contracts/remotes';
export * from '@portal/shared-contracts/release';
export * from '@portal/shared-contracts/release-manifest';
export * from '@portal/shared-contracts/platform';
