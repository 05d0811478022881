import { randomBytes } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '../../test/server-process';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildApp } from '../app';
import { createMailer } from '../mail/mailer';
import { createLocalStorage } from '../storage/local-storage';

/*
 * A client that gives up on a request (a map panning cancels its tile and layer requests) is no server fault:
 * it leaves no error line. Every 5xx still leaves one, with its request id.
 */

const ABORT_LINE = 'requisição interrompida pelo cliente';

let ctx: TestContext;
let app: FastifyInstance;
let port: number;
const lines: Record<string, unknown>[] = [];
/** Incompressible JSON of 8 MB: far more than the socket buffers hold, so the answer is still being written. */
const BIG = { data: randomBytes(6 * 1024 * 1024).toString('base64') };

beforeAll(async () => {
  ctx = await createTestContext({ logLevel: 'debug' });
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
    logStream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  app.get('/api/v1/test/grande', async () => BIG);
  app.get('/api/v1/test/falha-de-leitura', async () => {
    // A stream of the server's own (a stored file) that ended early, while the client still waits: a 5xx.
    throw Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app?.close();
  await ctx?.close();
});
beforeEach(() => {
  lines.length = 0;
});

/** Sends a GET and closes the connection as soon as the answer starts; resolves with the answer's request id. */
function closeEarly(url: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(`GET ${url} HTTP/1.1\r\nHost: mirante.test\r\nAccept-Encoding: gzip\r\n\r\n`),
    );
    socket.once('data', (chunk: Buffer) => {
      socket.destroy();
      resolve(/x-request-id: ([0-9a-f-]{36})/i.exec(chunk.toString('latin1'))?.[1] ?? null);
    });
    socket.once('error', reject);
  });
}

const isError = (line: Record<string, unknown>) => (line.level as number) >= 50;

describe('a request the client closes early', () => {
  it('leaves no error line, and a line about it only at debug level with its request id (a compressed answer cut off)', async () => {
    const requestId = await closeEarly('/api/v1/test/grande');
    expect(requestId).not.toBeNull();
    // Whatever reports the cut-off answer does so once the server has seen the connection close.
    const openConnections = await waitFor(
      () =>
        new Promise<number>((resolve, reject) =>
          app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
        ),
      (count) => count === 0,
      30_000,
      25,
    );
    expect(openConnections).toBe(0);
    await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(lines.filter(isError)).toEqual([]);
    for (const line of lines.filter((l) => l.msg === ABORT_LINE))
      expect(line).toMatchObject({ level: 20, reqId: requestId });
  });

  it('is told apart from a whole answer, which leaves no such line', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/test/grande`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(((await response.json()) as typeof BIG).data.length).toBe(BIG.data.length);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(lines.filter((l) => isError(l) || l.msg === ABORT_LINE)).toEqual([]);
  });
});

describe('a 5xx', () => {
  it('is still an error line with its request id, even when its cause is a stream closed early', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/test/falha-de-leitura`);
    expect(response.status).toBe(500);
    const errors = lines.filter(isError);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      reqId: response.headers.get('x-request-id'),
      statusCode: 500,
      path: '/api/v1/test/falha-de-leitura',
      err: { message: 'Premature close' },
    });
  });
});
