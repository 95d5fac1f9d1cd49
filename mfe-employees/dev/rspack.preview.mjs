// Builds dev/preview.tsx into dev/dist as a plain page (no Module Federation). Development only.
import { harnessConfig } from '@portal/build-config';

export default harnessConfig({ dir: import.meta.dirname, entry: 'preview.tsx', title: 'preview' });
