// A page's document, finished where it is drawn: on its render thread (render-worker.mjs) for a
// page the server draws, on the event loop for the shell-only pages (the back office, the
// maintenance page). Plain JavaScript, since a worker loads its files without the TypeScript
// loader; typed for the server by page-document.d.mts.
import { Buffer } from 'node:buffer';
import zlib from 'node:zlib';

/**
 * Brotli quality 3 for pages, as http/compression.ts for everything compressed while serving:
 * the home page (82 KB) in 0.7 ms against 1.1-1.5 at quality 4, an article (51 KB) in 0.4
 * against 0.75, for 5-6 % more bytes (under 1 KB).
 */
const PAGE_BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } };

/** index.html with the rendered page: antd's styles in the head, the HTML in #root, the query cache after it. */
export function withRenderedPage(html, page) {
  // Replaced by functions: the page's text may hold `$&` or `$'`, which a replacement string
  // would read as patterns (and scanning for them costs time on a page of 100 KB).
  return html
    .replace('</head>', () => `${page.styles}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div><script type="application/json" id="query-state">${page.state}</script>`);
}

/** The page's bytes, and its copy in the client's encoding when it takes one (a page is never below the compression threshold). */
export function pageDocument(html, encoding) {
  const body = Buffer.from(html);
  if (!encoding) return { body };
  return { body, copy: { encoding, body: encoding === 'br' ? zlib.brotliCompressSync(body, PAGE_BROTLI) : zlib.gzipSync(body) } };
}
