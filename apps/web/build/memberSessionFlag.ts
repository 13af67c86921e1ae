import type { Plugin } from 'vite';
// Relative, not '@portal/shared': Vite bundles the config's relative imports, while a workspace
// package would be loaded by Node as TypeScript.
import { memberSessionFlagScript } from '../../../packages/shared/src/member-session-flag';

const CHARSET = '<meta charset="UTF-8" />';

/**
 * Puts the member-session mark's script (packages/shared/src/member-session-flag.ts) first in
 * the head of index.html, right after the charset: it must run before the stylesheet has loaded
 * and the page first paints. The server allows it by its hash in the Content-Security-Policy.
 */
export function memberSessionFlag(): Plugin {
  return {
    name: 'member-session-flag',
    transformIndexHtml(html) {
      if (!html.includes(CHARSET)) throw new Error(`index.html: ${CHARSET} was not found`);
      return html.replace(CHARSET, () => `${CHARSET}\n    <script>${memberSessionFlagScript}</script>`);
    },
  };
}
