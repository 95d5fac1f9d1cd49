import { config } from 'zod';

// Zod probes `new Function` to decide whether it may compile parsers; under our Content-Security-Policy
// (no 'unsafe-eval') the probe is reported as a violation. Jitless mode skips it. The setting lives on
// globalThis, so it covers every bundle's copy of zod; it must run before anything parses.
config({ jitless: true });
