import { vitestConfig } from '@portal/build-config/vitest';

export default vitestConfig({
  environment: 'jsdom',
  // An environment and modules of their own (build-config/src/vitest.mjs).
  isolated: [
    // vi.mock('./plot-trend')
    'src/features/dashboard/dashboard-page.test.tsx',
  ],
});
