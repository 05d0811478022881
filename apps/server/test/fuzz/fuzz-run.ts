import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../test-app';
import { contractEndpoints } from './contract-endpoints';
import { fuzzCases, type FuzzCase } from './fuzz-cases';
import { tileCases } from './hand-written-routes';
import { tableChecksums } from './table-checksum';

// The fuzz of every route as one role, shared by the per-role test files (fuzz-admin, fuzz-user): one file a
// role, so that Vitest runs the two long fuzzes on its two workers at once.

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
async function fuzz(
  ctx: TestContext,
  route: string,
  cases: FuzzCase[],
  token: string,
  failures: Failure[],
): Promise<void> {
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
async function demoSpace(ctx: TestContext): Promise<string> {
  const project = await ctx.db.selectFrom('projects').select('space').executeTakeFirstOrThrow();
  return project.space;
}

function report(failures: Failure[]): string {
  const serverErrors = failures.filter((failure) => failure.statusCode >= 500).length;
  const lines = failures.map((f) => `${f.statusCode} ${f.route} — ${f.label}: ${f.body}`);
  return `${failures.length} falhas (${serverErrors} respostas 5xx)\n${lines.join('\n')}`;
}

/**
 * Every route of the contract, then the tiles, fuzzed as the holder of `email`: the report of its failures
 * (`report([])` when there are none).
 */
async function fuzzEveryRoute(ctx: TestContext, email: string): Promise<string> {
  const token = await ctx.login(email);
  const failures: Failure[] = [];
  for (const [index, endpoint] of contractEndpoints().entries()) {
    const route = `${endpoint.method} ${endpoint.path}`;
    await fuzz(ctx, route, fuzzCases(endpoint, SEED + index), token, failures);
  }
  await fuzz(ctx, 'tiles', tileCases(await demoSpace(ctx), '2025-01-15'), token, failures);
  return report(failures);
}

/**
 * The suite of one role's test file, on a database of its own: the fuzz of every route as `email`, then the
 * file's further tests (`more`, given the context once it is made).
 */
export function fuzzSuite(
  role: string,
  email: string,
  more: (ctx: () => TestContext) => void = () => {},
): void {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  describe('fuzz of every route of the contract, the downloads and the tiles', () => {
    it(`as ${role}, every malformed call answers 4xx with a message and changes no table`, async () => {
      expect(await fuzzEveryRoute(ctx, email)).toBe(report([]));
      // Thousands of requests: ~10 s alone, over 120 s on a 2-core machine at load 15–30 (both roles timed out
      // at 120 s in the API runs of bench/RESULTS.md, "npm test duration").
    }, 300_000);
    more(() => ctx);
  });
}
