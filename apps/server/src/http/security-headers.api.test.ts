import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../../test/test-app';
import { createMailer } from '../mail/mailer';
import { createLocalStorage } from '../storage/local-storage';
import { buildApp } from '../app';

let ctx: TestContext;
let webApp: FastifyInstance;
let webDir: string;
let origin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  webDir = await mkdtemp(path.join(os.tmpdir(), 'mirante-web-'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Mirante</title>');
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
  // A running server: tiles take the raw fast path in front of Fastify's router.
  webApp = await buildApp(infra, ctx.services, { serveWeb: true, logStream: { write: () => undefined } });
  origin = await webApp.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await webApp.close();
  await ctx.close();
  await rm(webDir, { recursive: true, force: true });
});

function expectSecurityHeaders(headers: Headers, referrerPolicy = 'same-origin'): void {
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("worker-src 'self' blob:");
  expect(csp).toContain("style-src 'self' 'unsafe-inline'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('unsafe-eval');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toBe(referrerPolicy);
}

describe('security headers', () => {
  it('are on the SPA page, a client route falling back to it, and a static file', async () => {
    for (const url of ['/', '/mapa/1', '/index.html']) {
      const response = await fetch(`${origin}${url}`);
      expect(response.status, url).toBe(200);
      expectSecurityHeaders(response.headers);
    }
  });

  it('are on API answers, refusals and unknown routes', async () => {
    const token = await ctx.login('admin@mirante.app.br');
    const answers = [
      await fetch(`${origin}/api/v1/health`),
      await fetch(`${origin}/api/v1/project/2147483648`, { headers: bearer(token) }),
      await fetch(`${origin}/api/v1/project`),
      await fetch(`${origin}/api/v1/nao-existe`),
    ];
    expect(answers.map((response) => response.status)).toEqual([200, 422, 401, 404]);
    for (const response of answers) expectSecurityHeaders(response.headers);
  });

  it('are on tiles served by the raw fast path, with no-referrer when the URL carries api_token', async () => {
    const tile = await fetch(`${origin}/tiles/jardim-das-palmeiras/2025-01-15/17/1/1.png`);
    expect(tile.status).toBe(401);
    expectSecurityHeaders(tile.headers);
    const withToken = await fetch(`${origin}/tiles/jardim-das-palmeiras/2025-01-15/17/1/1.png?api_token=x`);
    expectSecurityHeaders(withToken.headers, 'no-referrer');
    const preview = await fetch(`${origin}/tiles/jardim-das-palmeiras/2025-01-15/preview.png?api_token=x`);
    expectSecurityHeaders(preview.headers, 'no-referrer');
  });
});
