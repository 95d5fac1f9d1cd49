// Zod probes `new Function` to decide whether it may compile parsers; under our Content-Security-Policy
// (no 'unsafe-eval') the probe is reported as a violation. Jitless mode skips it. Zod keeps its settings
// on globalThis (`__zod_globalConfig`, which each copy of zod adopts when it loads), so this covers
// every bundle's copy; it must run before anything parses. Written there directly, without importing
// zod: the login page runs no zod at all until it is needed (docs/decisions/0026-login-path-without-zod.md).
const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(g.__zod_globalConfig ??= {}).jitless = true;

export {};
