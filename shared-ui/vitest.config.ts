import { vitestConfig } from '@portal/build-config/vitest';

// The preset adds the overlay preload to packages that depend on shared-ui; here it is this package's own file.
export default vitestConfig({ environment: 'jsdom', setupFiles: ['./src/preload-overlays.ts'] });
