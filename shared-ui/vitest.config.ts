import { vitestConfig } from '@portal/build-config/vitest';

// The preset adds the overlay preload to packages that depend on shared-ui; here it is this package's own file.
export default vitestConfig({
  environment: 'jsdom',
  setupFiles: ['./src/preload-overlays.ts'],
  // An environment and modules of their own (build-config/src/vitest.mjs): redefines document.execCommand.
  isolated: ['src/components/copy-field.test.tsx'],
});
