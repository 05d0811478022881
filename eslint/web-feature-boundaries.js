import path from 'node:path';
import { WEB_FEATURE_SURFACES } from './web-feature-surfaces.js';

const FEATURES = path.join('apps', 'web', 'src', 'features');

/** `features/<name>` and the path inside it, of a file or of what an import names; null outside the features. */
function placeOf(file) {
  const relative = path.relative(path.resolve(FEATURES), file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [feature, ...rest] = relative.split(path.sep);
  return { feature, inner: rest.join('/').replace(/\.(tsx?|js)$/, '') };
}

/** Refuses a relative import of another web feature's internal module (see web-feature-surfaces.js). */
const noDeepFeatureImport = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      deep:
        "A feature '{{from}}' só importa de '{{to}}' pelo index.ts ou pelos módulos públicos listados em " +
        'eslint/web-feature-surfaces.js; {{inner}} é interno.',
    },
  },
  create(context) {
    const from = placeOf(context.filename);
    if (!from) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = placeOf(path.resolve(path.dirname(context.filename), source));
      if (!to || to.feature === from.feature || to.inner === 'index') return;
      if ((WEB_FEATURE_SURFACES[to.feature] ?? []).includes(to.inner)) return;
      context.report({
        node: node.source,
        messageId: 'deep',
        data: { from: from.feature, to: to.feature, inner: to.inner },
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export const webFeatureBoundaries = { rules: { 'no-deep-feature-import': noDeepFeatureImport } };
