import type { Plugin } from 'vite';

const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The built index.html names its scripts in data attributes of `/boot.js` (public/boot.js)
 * instead of loading them from the head; boot.js starts them once the page has painted.
 *
 * Why: a public page arrives server-rendered, readable and styled without any script, but a
 * head full of module preloads makes the phone fetch 300 KB of JavaScript at the same time as
 * the stylesheet and the first carousel picture, on a slow line sharing the bandwidth: the page
 * painted at 3.3 s instead of 1.2 s (Lighthouse, mobile). Started after the first paint, the
 * scripts no longer compete with what the visitor sees first; links work before them, and React
 * replays a click that arrives while it hydrates. The back office, drawn by the scripts, starts
 * one frame later.
 */
export function scriptsAfterFirstPaint(): Plugin {
  return {
    name: 'scripts-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = ENTRY.exec(html)?.[1];
        if (!entry) throw new Error('index.html: the module entry script was not found');
        const preloads = [...html.matchAll(PRELOAD)].map((m) => m[1]);
        const boot = `<script src="/boot.js" defer data-entry="${entry}" data-preload="${preloads.join(' ')}"></script>`;
        return html.replace(ENTRY, '').replace(PRELOAD, '').replace('</head>', `  ${boot}\n  </head>`);
      },
    },
  };
}
