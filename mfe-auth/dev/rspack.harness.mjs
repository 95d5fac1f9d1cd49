// Builds dev/harness.tsx into dev/dist (development only; the remote's build is rspack.config.mjs).
import { harnessConfig } from '@portal/build-config';

export default harnessConfig({ dir: import.meta.dirname, entry: 'harness.tsx', title: 'mfe-auth harness' });
