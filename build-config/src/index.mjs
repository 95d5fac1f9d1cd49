export { createConfig, rspack } from './create-config.mjs';
export { remoteConfig } from './remote-config.mjs';
export { harnessConfig } from './harness-config.mjs';
