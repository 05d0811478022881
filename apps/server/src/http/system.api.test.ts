import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

it("reports health with the database and the version of the server's package.json", async () => {
  // The server answers APP_VERSION (@mirante/shared), a constant kept by hand: it must be the package's version.
  const manifest = path.resolve(import.meta.dirname, '../../package.json');
  const { version } = JSON.parse(await readFile(manifest, 'utf8')) as { version: string };
  const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
  expect(response.json()).toEqual({ status: 'ok', version, database: 'ok' });
});

it('publishes the OpenAPI document generated from the contract', async () => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  const document = response.json() as { paths: Record<string, unknown> };
  for (const path of [
    '/api/v1/user',
    '/api/v1/user/recover',
    '/api/v1/project',
    '/api/v1/notify/email/request-help',
  ]) {
    expect(Object.keys(document.paths)).toContain(path);
  }
});

it('answers unknown API routes with a pt-BR 404 in the error shape', async () => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/nao-existe' });
  expect(response.statusCode).toBe(404);
  expect(response.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
});

it('documents the file endpoints with their content types and the multipart ones as multipart', async () => {
  const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<
      string,
      Record<string, { requestBody?: { content: object }; responses: Record<string, unknown> }>
    >;
  }>();
  const preview = document.paths['/tiles/{space}/{date}/preview.png']?.get;
  expect(preview?.responses['200']).toMatchObject({
    content: { 'image/png': { schema: { type: 'string', format: 'binary' } } },
  });
  const exported = document.paths['/api/v1/project/{id}/allotments/export']?.get;
  expect(Object.keys(exported?.responses['200'] ?? {})).toContain('content');
  const upload = document.paths['/api/v1/scene']?.post;
  expect(Object.keys(upload?.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
});
