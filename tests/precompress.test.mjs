// The build's `.gz` files: standard gzip any client reads, never larger than zlib's best, reused from
// the cache for an unchanged file; and the bundle budgets count the `.gz` the portal serves.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { gzipBest } from '../build-config/src/precompress-plugin.mjs';
import { gzipSize } from '../build-config/src/bundle-budgets.mjs';

// Something shaped like a minified chunk: repetitive, but not trivially so.
const chunk = Buffer.from(
  Array.from({ length: 400 }, (_, i) => `function f${i}(a,b){return a.map(x=>x*${i % 17}+b).filter(Boolean).join(",")}`).join(';'),
);

test('a .gz decompresses to the file, and is no larger than zlib level 9', async () => {
  const gz = await gzipBest(chunk);
  assert.deepEqual(gunzipSync(gz), chunk);
  assert.ok(gz.length <= gzipSync(chunk, { level: 9 }).length, `${gz.length} > zlib's ${gzipSync(chunk, { level: 9 }).length}`);
});

test('an unchanged file is compressed once: the second build reads the cache', async () => {
  const cacheDir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
  try {
    const first = await gzipBest(chunk, cacheDir);
    const files = readdirSync(cacheDir);
    assert.equal(files.length, 1);
    // A cached answer is returned as it is: overwrite it with a marked copy and ask again.
    const marked = gzipSync(Buffer.from('cached'));
    writeFileSync(path.join(cacheDir, files[0]), marked);
    assert.deepEqual(await gzipBest(chunk, cacheDir), marked);
    // Another content is another entry.
    await gzipBest(Buffer.concat([chunk, Buffer.from(';')]), cacheDir);
    assert.equal(readdirSync(cacheDir).length, 2);
    assert.deepEqual(gunzipSync(first), chunk);
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
});

test("the budgets count the build's .gz when there is one, zlib level 9 otherwise", () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'gzsize-'));
  try {
    const file = path.join(dir, 'a.js');
    writeFileSync(file, chunk);
    assert.equal(gzipSize(file), gzipSync(chunk, { level: 9 }).length);
    writeFileSync(`${file}.gz`, Buffer.alloc(123));
    assert.equal(gzipSize(file), 123);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
