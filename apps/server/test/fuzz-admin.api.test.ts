import { endpointUrl } from '@mirante/shared';
import { expect, it } from 'vitest';
import { contractEndpoints } from './fuzz/contract-endpoints';
import { fuzzSuite } from './fuzz/fuzz-run';

// The ADMIN's fuzz and the USER's (fuzz-user) are two files so that Vitest runs them on its two workers at once:
// each is minutes on a loaded 2-core machine.
fuzzSuite('ADMIN', 'admin@mirante.app.br', (ctx) => {
  it('covers every route the server registers (a new route is fuzzed without a new test)', () => {
    // Fastify merges parameter names of one position (`:id|:layerId`): compare the shapes only.
    const shape = (path: string) => path.replace(/:[^/]+/g, ':');
    const fuzzed = new Set(contractEndpoints().map((endpoint) => shape(endpointUrl(endpoint))));
    const registered = ctx()
      .app.printRoutes({ commonPrefix: false })
      .split('\n')
      .map((line) => line.replace(/^[\s│├└─]+/, '').replace(/\s*\(.*\)\s*$/, ''))
      .filter((path) => path.startsWith('/api/v1/') || path.startsWith('/tiles/'))
      .map(shape);
    expect(registered.filter((path) => !fuzzed.has(path))).toEqual([]);
  });
});
