import path from 'node:path';
import type { CreatedGisKey } from '@mirante/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../test/factories';
import { bearer, createTestContext, type TestContext } from '../../test/test-app';
import { buildApp } from '../app';
import { createMailer } from '../mail/mailer';
import { createLocalStorage } from '../storage/local-storage';

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
  // LOG_REQUESTS=1: every request is logged, with its URL.
  app = await buildApp(infra, ctx.services, {
    serveWeb: false,
    logRequests: true,
    logStream: { write: (line) => lines.push(line) },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

describe('the request log', () => {
  it('never writes a GIS key or a session token that travels in the query', async () => {
    const make = factories(ctx);
    const project = await make.buildProject();
    const user = await make.buildUser('MANAGER', ['allotment.map'], {
      customerId: project.customerId,
      projectIds: [project.id],
    });
    const token = await make.signIn(user);
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/gis-keys',
      headers: bearer(token),
      payload: { name: 'log' },
    });
    const { key } = created.json<CreatedGisKey>();
    lines.length = 0;
    const answered = await app.inject({
      method: 'GET',
      url: `/gis/project/${project.id}/ogc?f=json&key=${key}`,
    });
    expect(answered.statusCode).toBe(200);
    await app.inject({ method: 'GET', url: `/gis/project/${project.id}/ogc/collections?KEY=${key}&x=1` });
    await app.inject({ method: 'GET', url: `/api/v1/user?api_token=${token}` });
    const log = lines.join('');
    // The requests were logged, with their paths and the other parameters…
    expect(log).toContain(`/gis/project/${project.id}/ogc?f=json&key=[oculto]`);
    expect(log).toContain('/api/v1/user?api_token=[oculto]');
    // …and neither secret.
    expect(log).not.toContain(key);
    expect(log).not.toContain(token);
  });
});
