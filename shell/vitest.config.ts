import { vitestConfig } from '@portal/build-config/vitest';

export default vitestConfig({
  environment: 'jsdom',
  // An environment and modules of their own (build-config/src/vitest.mjs).
  isolated: [
    // vi.mock('./client-core')
    'src/api/api-client-warm.test.ts',
    // vi.mock of the session endpoint and '../platform/auth'
    'src/session/warm-session-contracts.test.ts',
    // vi.mock('react-router-dom')
    'src/routes/shell-routes.test.tsx',
    // redefines document.visibilityState
    'src/telemetry/collector.test.ts',
    // redefines document.readyState
    'src/layouts/idle-preload.test.tsx',
    // leaves the address at #/typed
    'src/platform/leave-guard.test.tsx',
    // leaves globalThis.__PORTAL_BUILDS__ (the builds' markers) behind
    'src/remotes/remote-slot.test.tsx',
    // turns on zod's jitless mode for every copy of zod in the process
    'src/zod-jitless.test.ts',
  ],
});
