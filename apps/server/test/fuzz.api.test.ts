import { endpointUrl } from '@mirante/shared';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractEndpoints } from './fuzz/contract-endpoints';
import { fuzzCases, type FuzzCase } from './fuzz/fuzz-cases';
import { tileCases } from './fuzz/hand-written-routes';
import { tableChecksums } from './fuzz/table-checksum';
import { bearer, createTestContext, type TestContext } from './test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const SEED = 20;

interface Failure {
  route: string;
  label: string;
  statusCode: number;
  body: string;
}

function hasPortugueseMessage(response: LightMyRequestResponse): boolean {
  try {
    const body = response.json() as { message?: unknown };
    return typeof body.message === 'string' && body.message.length > 0;
  } catch {
    return false;
  }
}

/** Sends every case as the holder of `token`; refused cases must change no table. */
async function fuzz(route: string, cases: FuzzCase[], token: string, failures: Failure[]): Promise<void> {
  const send = (request: InjectOptions) =>
    ctx.app.inject({ ...request, headers: { ...bearer(token), ...request.headers } });
  const before = await tableChecksums(ctx.db);
  for (const { label, request, mustBeRefused } of cases.filter((c) => c.mustBeRefused)) {
    const response = await send(request);
    const refused = response.statusCode >= 400 && response.statusCode < 500;
    if (!refused || !hasPortugueseMessage(response)) {
      failures.push({ route, label, statusCode: response.statusCode, body: response.body.slice(0, 200) });
    }
    void mustBeRefused;
  }
  const after = await tableChecksums(ctx.db);
  const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
  if (changed.length > 0) {
    failures.push({
      route,
      label: `pedidos recusados alteraram ${changed.join(', ')}`,
      statusCode: 0,
      body: '',
    });
  }
  // Cases the contract accepts (e.g. an unknown id) may succeed or be refused, but never fail with 5xx.
  for (const { label, request } of cases.filter((c) => !c.mustBeRefused)) {
    const response = await send(request);
    if (response.statusCode >= 500) {
      failures.push({ route, label, statusCode: response.statusCode, body: response.body.slice(0, 200) });
    }
  }
}

/** A project's space: the template database has no imagery, and spoiled URLs must be refused before lookup. */
async function demoSpace(): Promise<string> {
  const project = await ctx.db.selectFrom('projects').select('space').executeTakeFirstOrThrow();
  return project.space;
}

function report(failures: Failure[]): string {
  const serverErrors = failures.filter((failure) => failure.statusCode >= 500).length;
  const lines = failures.map((f) => `${f.statusCode} ${f.route} — ${f.label}: ${f.body}`);
  return `${failures.length} falhas (${serverErrors} respostas 5xx)\n${lines.join('\n')}`;
}

describe('fuzz of every route of the contract, the downloads and the tiles', () => {
  const endpoints = contractEndpoints();

  for (const [role, email] of [
    ['ADMIN', 'admin@mirante.app.br'],
    ['USER', 'usuario@horizonte.com.br'],
  ] as const) {
    it(`as ${role}, every malformed call answers 4xx with a message and changes no table`, async () => {
      const token = await ctx.login(email);
      const failures: Failure[] = [];
      for (const [index, endpoint] of endpoints.entries()) {
        const route = `${endpoint.method} ${endpoint.path}`;
        await fuzz(route, fuzzCases(endpoint, SEED + index), token, failures);
      }
      await fuzz('tiles', tileCases(await demoSpace(), '2025-01-15'), token, failures);
      expect(report(failures)).toBe(report([]));
      // Thousands of requests: ~10 s alone, over 30 s on a loaded 2-core machine.
    }, 120_000);
  }

  it('covers every route the server registers (a new route is fuzzed without a new test)', () => {
    // Fastify merges parameter names of one position (`:id|:layerId`): compare the shapes only.
    const shape = (path: string) => path.replace(/:[^/]+/g, ':');
    const fuzzed = new Set(contractEndpoints().map((endpoint) => shape(endpointUrl(endpoint))));
    const registered = ctx.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .map((line) => line.replace(/^[\s│├└─]+/, '').replace(/\s*\(.*\)\s*$/, ''))
      .filter((path) => path.startsWith('/api/v1/') || path.startsWith('/tiles/'))
      .map(shape);
    expect(registered.filter((path) => !fuzzed.has(path))).toEqual([]);
  });
});
