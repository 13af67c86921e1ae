// After `vite build`: a brotli and a gzip copy of every hashed asset worth compressing, so the
// server (@fastify/static preCompressed) sends them by Accept-Encoding without compressing on
// each request. Hashed names never change content, so the copies never go stale.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const assets = path.resolve(import.meta.dirname, '../dist/assets');
/** Below this size the encoding headers cost about what compression saves. */
const MIN_BYTES = 1024;
const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json', '.html', '.txt', '.map']);

let count = 0;
for (const name of fs.readdirSync(assets)) {
  const file = path.join(assets, name);
  if (!COMPRESSIBLE.has(path.extname(name)) || fs.statSync(file).size < MIN_BYTES) continue;
  const body = fs.readFileSync(file);
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  );
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  count++;
}
console.log(`precompressed ${count} assets (brotli, gzip)`);
