import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg)$/;

/** Bumped when the way a `.gz` is made changes, so that older cached files are not reused. */
const GZIP_METHOD = 'zopfli-15-dense-40';

/**
 * The `.gz` of one file: zopfli's (a standard gzip stream that any client reads, smaller than zlib's
 * level 9 on our chunks at a cost in build time: docs/decisions/0038), or zlib's if that is smaller or
 * zopfli fails. Kept by content in `cacheDir`: a rebuild compresses only the files that changed.
 */
export async function gzipBest(source, cacheDir) {
  const key = createHash('sha256').update(GZIP_METHOD).update(source).digest('hex');
  const cached = cacheDir && path.join(cacheDir, `${key}.gz`);
  if (cached) {
    try {
      return readFileSync(cached);
    } catch {
      // not compressed yet
    }
  }
  const zlib = gzipSync(source, { level: 9 });
  let best = zlib;
  try {
    // Dense content (a chunk that is one base64 image, such as a country's flag: zlib keeps more than
    // 40% of it, far more than of our scripts and styles) gains nothing from zopfli's block splitting
    // and costs it the most time of all (docs/decisions/0038).
    const dense = zlib.length > source.length * 0.4;
    const zopfli = Buffer.from(await gzipAsync(source, { numiterations: 15, blocksplitting: !dense }));
    if (zopfli.length < zlib.length) best = zopfli;
  } catch {
    // zlib's level 9 is still a correct answer.
  }
  if (cached) {
    try {
      mkdirSync(cacheDir, { recursive: true });
      // Written whole, then renamed: a build running beside this one never reads half a file.
      const partial = `${cached}.${process.pid}.tmp`;
      writeFileSync(partial, best);
      renameSync(partial, cached);
    } catch {
      // A read-only or full disk costs the next build time, not correctness.
    }
  }
  return best;
}

/**
 * Production builds ship `x.js.br` and `x.js.gz` beside each text asset over 1 KB, compressed once at
 * the highest levels (brotli 11; gzip by zopfli, see `gzipBest`): the portal server sends them as they
 * are (`preCompressed`) instead of compressing every response, and a CDN in front of the store can do
 * the same.
 */
export class PrecompressPlugin {
  apply(compiler) {
    const cacheDir = path.join(compiler.context, 'node_modules', '.cache', 'precompress');
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // After minification and after the manifest and HTML are emitted.
        { name: 'PrecompressPlugin', stage: compiler.rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        async () => {
          for (const asset of compilation.getAssets()) {
            if (!COMPRESSIBLE.test(asset.name)) continue;
            const source = asset.source.buffer();
            if (source.length <= 1024) continue;
            const br = brotliCompressSync(source, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
            });
            compilation.emitAsset(`${asset.name}.br`, new compiler.rspack.sources.RawSource(br));
            compilation.emitAsset(`${asset.name}.gz`, new compiler.rspack.sources.RawSource(await gzipBest(source, cacheDir)));
          }
        },
      );
    });
  }
}

