import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg)$/;

/**
 * Production builds ship `x.js.br` and `x.js.gz` beside each text asset over 1 KB, compressed once at
 * the highest levels (brotli 11, gzip 9): the portal server sends them as they are (`preCompressed`)
 * instead of compressing every response, and a CDN in front of the store can do the same.
 */
export class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After minification and after the manifest and HTML are emitted.
        { name: 'PrecompressPlugin', stage: compiler.rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          for (const asset of compilation.getAssets()) {
            if (!COMPRESSIBLE.test(asset.name)) continue;
            const source = asset.source.buffer();
            if (source.length <= 1024) continue;
            const br = brotliCompressSync(source, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
            });
            compilation.emitAsset(`${asset.name}.br`, new compiler.rspack.sources.RawSource(br));
            compilation.emitAsset(`${asset.name}.gz`, new compiler.rspack.sources.RawSource(gzipSync(source, { level: 9 })));
          }
        },
      );
    });
  }
}
