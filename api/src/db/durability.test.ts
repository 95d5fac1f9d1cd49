import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { CSRF_HEADER } from '@portal/shared-contracts';
import { lockFileOf } from './folder-lock';
import { describeEmbeddedOnly } from '../test/embedded-only';
import { migratedDataDir, spawnedApi } from '../test/spawned-api';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describeEmbeddedOnly('the embedded database killed right after a write is acknowledged', () => {
  it('keeps the write: the account registered just before SIGKILL signs in after the restart', async () => {
    // Migrated, as after a first start: what is tested is the write before SIGKILL.
    const dataDir = await migratedDataDir('durability', cleanups);
    const account = { email: 'kept@example.com', password: 'Passw0rd!' };

    const first = await spawnedApi({ dataDir, cleanups });
    const { base, port } = first;
    const registered = await fetch(`${base}/api/accounts/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CSRF_HEADER]: '1' },
      body: JSON.stringify({ ...account, userName: 'Kept', role: 'Employer' }),
    });
    expect(registered.status).toBe(201);
    // No graceful shutdown, no flush: the process is gone the moment the answer has arrived.
    await first.kill9();
    // Its lock is left behind, naming a dead process: the next start takes it over.
    expect(fs.existsSync(lockFileOf(path.join(dataDir, 'db')))).toBe(true);

    await spawnedApi({ dataDir, port, cleanups });
    const login = await fetch(`${base}/api/accounts/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CSRF_HEADER]: '1' },
      body: JSON.stringify(account),
    });
    expect(login.status).toBe(200);
    expect(await login.json()).toMatchObject({ success: true, email: account.email });
  }, 240_000);
});
