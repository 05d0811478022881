import { endpointUrl } from '@mirante/shared';
import { expect, it } from 'vitest';
import { contractEndpoints } from './fuzz/contract-endpoints';
import { fuzzSuite } from './fuzz/fuzz-run';

// The ADMIN's fuzz and the USER's (fuzz-user) are two files so that Vitest runs them on its two workers at once:
// each is minutes on a loaded 2-core machine.
/**
 * The full path of every line of Fastify's route tree: a route printed under another (`│   └── /tiles/…` below
 * `/gis/project/:projectId/wmts`) continues its parent's path, one level per 4 characters of indentation.
 */
function fullPaths(tree: string): string[] {
  const parents: string[] = [];
  return tree
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const indent = /^[\s│├└─]*/.exec(line)?.[0].length ?? 0;
      const level = Math.max(0, Math.floor(indent / 4) - 1);
      const path = (parents[level - 1] ?? '') + line.slice(indent).replace(/\s*\(.*\)\s*$/, '');
      parents[level] = path;
      parents.length = level + 1;
      return path;
    });
}

fuzzSuite('ADMIN', 'admin@mirante.app.br', (ctx) => {
  it('covers every route the server registers (a new route is fuzzed without a new test)', () => {
    // Fastify merges parameter names of one position (`:id|:layerId`): compare the shapes only.
    const shape = (path: string) => path.replace(/:[^/]+/g, ':');
    const fuzzed = new Set(contractEndpoints().map((endpoint) => shape(endpointUrl(endpoint))));
    const registered = fullPaths(ctx().app.printRoutes({ commonPrefix: false }))
      .filter((path) => path.startsWith('/api/v1/') || path.startsWith('/tiles/'))
      .map(shape);
    expect(registered.filter((path) => !fuzzed.has(path))).toEqual([]);
  });
});
