import { createConfig } from '@portal/deploy/rspack';
import { REMOTE_EXPOSES } from './exposes.config.mjs';

export default (env, argv) =>
  createConfig({
    dir: import.meta.dirname,
    kind: 'remote',
    name: 'mfe_onboarding',
    port: 3002,
    exposes: REMOTE_EXPOSES,
    env,
    argv,
  });
