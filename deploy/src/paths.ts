import path from 'node:path';

/** The repository root (this file lives in deploy/src). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');
