/**
 * The import rules of the code's folders, as a local ESLint plugin (no resolver needed: imports
 * between our folders are relative paths, resolved here against the importing file).
 *
 * `feature-layers`: each server feature folder (apps/server/src/features/<name>) sits on a layer
 * of FEATURE_LAYERS and may import only features of lower layers. Features on one layer never
 * import each other, so feature folders cannot form a cycle. A new folder must be placed in the
 * table before it may import or be imported. Moving a shared piece down (as articles/ holds what
 * news, review, contributions and search all read) is the usual answer to a refusal.
 *
 * `shared-pieces`: the web app's components/ and api/ are used by both the public site (portal/)
 * and the back office (admin/), so they never import either.
 */
import path from 'node:path';

/** Lowest first. docs/architecture.md, "Feature layers", says what each layer is for. */
export const FEATURE_LAYERS = [
  ['system', 'mail', 'credentials', 'visits'],
  ['menus', 'uploads', 'site', 'lookups', 'banners', 'links', 'workdays', 'privacy'],
  ['members', 'articles', 'sensitive-words', 'sms', 'statistics'],
  ['applications', 'certificates', 'review', 'search', 'forms', 'inbox', 'proofreading'],
  ['membership', 'contributions', 'news', 'activities', 'elections', 'messages', 'inspection'],
  ['positions', 'pages', 'attendance-certificates', 'suggestions', 'mailings'],
  ['feeds', 'rights'],
];

const layerOf = new Map(FEATURE_LAYERS.flatMap((names, layer) => names.map((name) => [name, layer])));

/** The folder under `root` a path lies in, or null outside it. */
function folderUnder(root, file) {
  const rel = path.relative(root, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [first, ...rest] = rel.split(path.sep);
  return rest.length > 0 ? first : null;
}

/** Calls `check(source, node)` for every relative module specifier of a file. */
function eachRelativeImport(check) {
  const visit = (node) => {
    const value = node.source?.value;
    if (typeof value === 'string' && value.startsWith('.')) check(value, node);
  };
  return { ImportDeclaration: visit, ExportNamedDeclaration: visit, ExportAllDeclaration: visit, ImportExpression: visit };
}

const featureLayers = {
  meta: {
    type: 'problem',
    docs: { description: 'A server feature imports only features of lower layers (no cycles between feature folders).' },
    schema: [],
    messages: {
      upward:
        'features/{{from}} (layer {{fromLayer}}) may not import features/{{to}} (layer {{toLayer}}): a feature imports only lower layers. Move the shared piece down, or to the feature that needs it (eslint/layers.js).',
      unplaced: 'features/{{name}} has no layer: add it to FEATURE_LAYERS in eslint/layers.js.',
    },
  },
  create(context) {
    const filename = context.filename;
    const root = path.join(context.cwd, 'apps/server/src/features');
    const from = folderUnder(root, filename);
    if (from === null) return {};
    return eachRelativeImport((source, node) => {
      const to = folderUnder(root, path.resolve(path.dirname(filename), source));
      if (to === null || to === from) return;
      for (const name of [from, to]) if (!layerOf.has(name)) return context.report({ node, messageId: 'unplaced', data: { name } });
      const fromLayer = layerOf.get(from);
      const toLayer = layerOf.get(to);
      if (toLayer >= fromLayer) context.report({ node, messageId: 'upward', data: { from, to, fromLayer, toLayer } });
    });
  },
};

const sharedPieces = {
  meta: {
    type: 'problem',
    docs: { description: 'The web app’s components/ and api/ import neither portal/ nor admin/.' },
    schema: [],
    messages: { reaches: '{{piece}}/ is shared by the public site and the back office: it may not import {{area}}/.' },
  },
  create(context) {
    const src = path.join(context.cwd, 'apps/web/src');
    const filename = context.filename;
    const piece = folderUnder(src, filename);
    if (piece !== 'components' && piece !== 'api') return {};
    return eachRelativeImport((source, node) => {
      const area = folderUnder(src, path.resolve(path.dirname(filename), source));
      if (area === 'portal' || area === 'admin') context.report({ node, messageId: 'reaches', data: { piece, area } });
    });
  },
};

export default { rules: { 'feature-layers': featureLayers, 'shared-pieces': sharedPieces } };
