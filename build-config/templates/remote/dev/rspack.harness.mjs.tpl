// Development only: bundles dev/harness.tsx (no Module Federation) into dev/dist, to look at the page
// outside the shell: `pnpm --filter @portal/__ID__ harness`, then open dev/dist/index.html.
import { harnessConfig } from '@portal/build-config';

export default harnessConfig({ dir: import.meta.dirname, entry: 'harness.tsx', title: '__ID__ harness' });
