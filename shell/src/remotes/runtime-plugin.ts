import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Contains remote failures (core issues #3877, #2362: one remote down blanked the host).
 * A manifest that cannot be fetched must not be replaced by anything (`afterResolve`: whatever is
 * returned is taken as the manifest), and a module that cannot be loaded is reported as an error,
 * so that the remote slot's error boundary shows the feature-unavailable panel with Retry and the
 * shell can fall back from a canary to stable first.
 */
export default function portalErrorPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-error-plugin',
    async errorLoadRemote({ id, error, lifecycle }) {
      console.warn(`[portal] ${lifecycle}: ${id} failed`, error);
      return undefined;
    },
  };
}
