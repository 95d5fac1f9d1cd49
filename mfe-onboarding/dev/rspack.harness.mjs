// Development only: bundles dev/harness.tsx (no Module Federation) into dev/dist for screenshots.
import { harnessConfig } from '@portal/build-config';

export default harnessConfig({ dir: import.meta.dirname, entry: 'harness.tsx', title: 'harness' });
