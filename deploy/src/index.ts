export { createPortal, type PortalOptions, IMMUTABLE, NO_STORE } from './app';
export { loadPortalConfig, type PortalConfig } from './env';
export { EMPLOYEES_CSV_TEMPLATE } from './employees-csv';
export { contentSecurityPolicy, securityHeaders } from './security-headers';
export * from './release/store';
export * from './release/manifest';
export * from './release/publish';
