import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../../test/test-app';
import { createMailer } from '../mail/mailer';
import { createLocalStorage } from '../storage/local-storage';
import { createTileHandler, type FailedTileRequest } from '../features/scenes/tile-handler';
import { createSecurityHeaders } from './security-headers';
import { buildApp } from '../app';

let ctx: TestContext;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const infra = {
    config: ctx.config,
    db: ctx.db,
    mailer: createMailer({
      smtpUrl: ctx.config.smtpUrl,
      outboxDir: path.join(ctx.config.dataDir, 'outbox2'),
      from: 'x@y.z',
    }),
    storage: createLocalStorage(ctx.config.storageDir),
  };
  // Default options: request logging off, as `npm start` runs without LOG_REQUESTS.
  app = await buildApp(infra, ctx.services, {
    serveWeb: false,
    logStream: { write: (line) => lines.push(line) },
  });
  app.get('/api/v1/test/falha', async () => {
    throw new Error('falha de teste');
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('5xx logging', () => {
  it('writes one JSON line per 5xx with the request id that the answer carries in X-Request-Id', async () => {
    lines.length = 0;
    const response = await app.inject({ method: 'GET', url: '/api/v1/test/falha?api_token=segredo' });
    expect(response.statusCode).toBe(500);
    const requestId = response.headers['x-request-id'];
    expect(typeof requestId).toBe('string');
    const errors = logged().filter((line) => line.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      reqId: requestId,
      method: 'GET',
      path: '/api/v1/test/falha',
      statusCode: 500,
      err: { message: 'falha de teste' },
    });
    expect(lines.join('')).not.toContain('segredo');
  });

  it('logs nothing for a refused call and still answers with a request id', async () => {
    lines.length = 0;
    const token = await ctx.login('admin@mirante.app.br');
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/project/2147483648',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(422);
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(logged().filter((line) => (line.level as number) >= 50)).toEqual([]);
  });
});

describe('5xx logging on the raw tile path', () => {
  it('logs the failure once with the request id that the answer carries, without the query', async () => {
    const logged: [unknown, FailedTileRequest][] = [];
    const failingTiles = {
      ...ctx.services.scenes.tiles,
      tile: () => Promise.reject(new Error('arquivo de tiles corrompido')),
    };
    const tiles = createTileHandler(
      failingTiles,
      ctx.services.auth.resolveSession,
      (error, request) => logged.push([error, request]),
      ctx.services.scenes.tileSigner,
      ctx.services.auth.resolveSessionById,
      createSecurityHeaders([]),
    );
    const server = http.createServer((request, response) => {
      if (!tiles.handle(request, response)) response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const token = await ctx.login('admin@mirante.app.br');
      const response = await fetch(
        `http://127.0.0.1:${port}/tiles/jardim-das-palmeiras/2025-01-15/17/1/1.png?api_token=${token}`,
      );
      expect(response.status).toBe(500);
      expect(logged).toHaveLength(1);
      const [error, request] = logged[0]!;
      expect((error as Error).message).toBe('arquivo de tiles corrompido');
      expect(request).toEqual({
        reqId: response.headers.get('x-request-id'),
        method: 'GET',
        path: '/tiles/jardim-das-palmeiras/2025-01-15/17/1/1.png',
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
