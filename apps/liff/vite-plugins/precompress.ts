import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Text a browser downloads. Not the source maps: only devtools fetch them, the server compresses
 * them when asked, and compressing them here at the highest level would add seconds to each build.
 */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|webmanifest)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of the build, compressed
 * once at the highest levels (brotli 11, gzip 9), which would be too slow per request; the server
 * sends them as they are (@fastify/static's `preCompressed`). A variant that is not smaller than
 * the file is not written. `index.html` is left alone: the server fills it in per request (the
 * runtime configuration, the first screen's preloads), so it is compressed there.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'city:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((fileName) => COMPRESSIBLE.test(fileName) && !fileName.startsWith('.vite/'));
      await Promise.all(
        files.map(async (fileName) => {
          const path = join(outDir, fileName);
          const source = await readFile(path);
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([
            br.length < source.length ? writeFile(`${path}.br`, br) : undefined,
            gz.length < source.length ? writeFile(`${path}.gz`, gz) : undefined,
          ]);
        }),
      );
    },
  };
}
