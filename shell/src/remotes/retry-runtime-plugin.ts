import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RetryPlugin } from '@module-federation/retry-plugin';

/**
 * A flaky network should not show "unavailable" at the first dropped request: manifests and remote
 * entries are tried again before the slot gives up. Kept short so a real outage is reported quickly.
 * (retry-plugin 0.17 options: `fetch` covers mf-manifest.json, `script` the remote entry.)
 */
export default function portalRetryPlugin(): ModuleFederationRuntimePlugin {
  return RetryPlugin({
    fetch: { retryTimes: 2, retryDelay: 500 },
    script: { retryTimes: 2, retryDelay: 500 },
  }) as unknown as ModuleFederationRuntimePlugin;
}
