import { CONTRACTS_VERSION } from '@portal/shared-contracts/release-manifest';

/** Set by the shared build config (@portal/build-config); tests run unbuilt. */
export const SHELL_VERSION: string = typeof __BUILD_VERSION__ === 'string' ? __BUILD_VERSION__ : '0.0.0-test';
/**
 * The contracts version this shell was built against. Read from the build, not from the shared
 * module at run time: a remote could in theory provide its own copy of the shared contracts.
 */
export const SHELL_CONTRACTS_VERSION: string = typeof __CONTRACTS_VERSION__ === 'string' ? __CONTRACTS_VERSION__ : CONTRACTS_VERSION;

/** A development build with React Refresh: remotes' hot updates apply in place, no container reload. */
export const SHELL_REACT_REFRESH: boolean = typeof __REACT_REFRESH__ === 'boolean' ? __REACT_REFRESH__ : false;
