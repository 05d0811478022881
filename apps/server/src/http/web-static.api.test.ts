import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { createMailer } from '../mail/mailer';
import { createLocalStorage } from '../storage/local-storage';
import { buildApp } from '../app';

let ctx: TestContext;
let webApp: FastifyInstance;
let webDir: string;
let origin: string;
const script = Buffer.from(`console.log(${JSON.stringify('Mirante '.repeat(400))});`);
// At the best levels (the server compresses on request at fast ones): the bytes tell which were sent.
const builtBrotli = brotliCompressSync(script);
const builtGzip = gzipSync(script, { level: 9 });

beforeAll(async () => {
  ctx = await createTestContext();
  webDir = await mkdtemp(path.join(os.tmpdir(), 'mirante-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Mirante</title>');
  await writeFile(path.join(webDir, 'assets', 'app-1.js'), script);
  await writeFile(path.join(webDir, 'assets', 'app-1.js.br'), builtBrotli);
  await writeFile(path.join(webDir, 'assets', 'app-1.js.gz'), builtGzip);
  await writeFile(path.join(webDir, 'assets', 'plain-1.js'), script);
  const infra = {
    config: { ...ctx.config, webDistDir: webDir },
    db: ctx.db,
    mailer: createMailer({
      smtpUrl: ctx.config.smtpUrl,
      outboxDir: path.join(webDir, 'outbox'),
      from: 'a@b.c',
    }),
    storage: createLocalStorage(ctx.config.storageDir),
  };
  webApp = await buildApp(infra, ctx.services, { serveWeb: true, logStream: { write: () => undefined } });
  origin = await webApp.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await webApp.close();
  await ctx.close();
  await rm(webDir, { recursive: true, force: true });
});

/** A GET with this Accept-Encoding: the raw bytes on the wire (fetch would decode them) and the coding. */
function rawGet(url: string, acceptEncoding: string): Promise<{ body: Buffer; coding: string | undefined }> {
  return new Promise((resolve, reject) => {
    request(`${origin}${url}`, { headers: { 'Accept-Encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ body: Buffer.concat(chunks), coding: response.headers['content-encoding'] }),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

describe('the built web app', () => {
  it("sends a file's .br built beside it to a browser that takes br, and its .gz to one that takes only gzip", async () => {
    const brotli = await rawGet('/assets/app-1.js', 'gzip, deflate, br, zstd');
    expect(brotli.coding).toBe('br');
    expect(brotli.body.equals(builtBrotli)).toBe(true);
    const gzip = await rawGet('/assets/app-1.js', 'gzip');
    expect(gzip.coding).toBe('gzip');
    expect(gzip.body.equals(builtGzip)).toBe(true);
    const plain = await rawGet('/assets/app-1.js', 'identity');
    expect(plain.body.equals(script)).toBe(true);
  });

  it('still compresses on request a file built without its compressed forms', async () => {
    const answer = await rawGet('/assets/plain-1.js', 'br');
    expect(answer.coding).toBe('br');
    expect(answer.body.length).toBeLessThan(script.length);
  });
});
