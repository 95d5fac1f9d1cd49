import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './node-flags';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => fs.readFileSync(path.join(REPO, file), 'utf8');

it("starts the production server with the api's node flags wherever it is started", () => {
  expect(SERVER_NODE_FLAGS.length).toBeGreaterThan(0);
  const cmd = read('deploy/docker/api.Dockerfile').split('\n').find((l) => l.startsWith('CMD '));
  expect(cmd).toBe(`CMD ${JSON.stringify(['node', ...SERVER_NODE_FLAGS, 'dist/server.js']).replaceAll(',', ', ')}`);
  const scripts = (JSON.parse(read('api/package.json')) as { scripts: Record<string, string> }).scripts;
  expect(scripts['start:prod']).toBe(['node', ...SERVER_NODE_FLAGS, 'dist/server.js'].join(' '));
  // Each flag is one node accepts on its command line.
  for (const flag of SERVER_NODE_FLAGS) expect(process.allowedNodeEnvironmentFlags.has(flag.split('=')[0]!), flag).toBe(true);
});
