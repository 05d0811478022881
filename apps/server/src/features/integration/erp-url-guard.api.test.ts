import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';

/*
 * An ERP's URL is typed by a user: the server must not become his way into its own network. Two listeners of
 * this test stand on 127.0.0.1: `inside`, an internal service nobody allowed (it answers with a secret), and
 * `erp`, a host the operator allowed by name and port (OUTBOUND_ALLOWED_HOSTS) that answers as the test says.
 */

interface Listener {
  server: Server;
  port: number;
  hits: string[];
  answer: (request: IncomingMessage, response: ServerResponse) => void;
}

const SECRET = 'segredo-do-servico-interno';

async function listen(): Promise<Listener> {
  const listener: Listener = {
    server: createServer((request, response) => {
      listener.hits.push(`${request.method} ${request.url}`);
      listener.answer(request, response);
    }),
    port: 0,
    hits: [],
    answer: (_request, response) => response.writeHead(500, { 'content-type': 'text/plain' }).end(SECRET),
  };
  await new Promise<void>((resolve) => listener.server.listen(0, '127.0.0.1', resolve));
  listener.port = (listener.server.address() as AddressInfo).port;
  return listener;
}

let ctx: TestContext;
let inside: Listener;
let erp: Listener;
let manager: string;

beforeAll(async () => {
  inside = await listen();
  erp = await listen();
  ctx = await createTestContext({ outboundAllowedHosts: [{ host: '127.0.0.1', port: erp.port }] });
  const f = factories(ctx);
  manager = await f.signIn(await f.buildUser('MANAGER', ['allotment.integration']));
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  for (const listener of [inside, erp]) listener?.server.close();
});

beforeEach(() => {
  inside.hits.length = 0;
  erp.hits.length = 0;
  inside.answer = (_request, response) =>
    response.writeHead(500, { 'content-type': 'text/plain' }).end(SECRET);
});

async function saveSienge(url: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/integration/sienge/credentials',
    headers: bearer(manager),
    payload: { sienge_url: url, sienge_username: 'api', sienge_password: 'senha' },
  });
  return { status: response.statusCode, body: response.json() as { code?: string; message?: string } };
}

async function savedSiengeUrl(): Promise<unknown> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/v1/integration/sienge/credentials',
    headers: bearer(manager),
  });
  return (response.json() as { sienge_url?: unknown }).sienge_url;
}

describe('an ERP URL never reaches an internal address', () => {
  it.each([
    [
      'loopback by IP (127.0.0.1 is allowed on another port only)',
      () => `http://127.0.0.1:${inside.port}/api`,
    ],
    ['localhost', () => `http://localhost:${inside.port}/api`],
    ['loopback as a decimal number', () => `http://2130706433:${inside.port}/api`],
    ['loopback in hexadecimal', () => `http://0x7f.1:${inside.port}/api`],
    ['loopback as an IPv4-mapped IPv6 address', () => `http://[::ffff:127.0.0.1]:${inside.port}/api`],
    ['loopback as an IPv4-mapped IPv6 address in hex', () => `http://[::ffff:7f00:1]:${inside.port}/api`],
  ])('refuses %s with a pt-BR 422, calls nothing and saves nothing', async (_name, url) => {
    const answer = await saveSienge(url());
    expect(answer.status).toBe(422);
    expect(answer.body.message).toContain('endereço interno');
    expect(answer.body.message).not.toContain(SECRET);
    expect(inside.hits).toEqual([]);
    expect(await savedSiengeUrl()).toBeNull();
  });

  it('refuses IPv6 loopback, link-local, metadata and private addresses before connecting', async () => {
    for (const url of [
      'http://[::1]:9/api',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fe80::1]:9/api',
      'http://10.0.0.1:9/api',
      'http://192.168.0.1:9/api',
      'http://172.16.0.1:9/api',
      'http://100.64.0.1:9/api',
      'http://[fd00:ec2::254]/latest',
      'http://0.0.0.0:9/api',
    ]) {
      const answer = await saveSienge(url);
      expect(answer.status, url).toBe(422);
      expect(answer.body.message, url).toContain('endereço interno');
    }
  });

  it('never follows a redirect of an allowed ERP to an internal service', async () => {
    erp.answer = (_request, response) =>
      response.writeHead(302, { location: `http://127.0.0.1:${inside.port}/admin` }).end();
    const answer = await saveSienge(`http://127.0.0.1:${erp.port}/api`);
    expect(answer.status).toBe(422);
    expect(answer.body.message).toContain('redirecionou para outro endereço');
    expect(erp.hits).toHaveLength(1);
    expect(inside.hits).toEqual([]);
    expect(answer.body.message).not.toContain(SECRET);
  });

  it('never follows a redirect to another host name, even one that is allowed itself', async () => {
    erp.answer = (_request, response) =>
      response.writeHead(307, { location: `http://localhost:${erp.port}/api/v1/enterprises` }).end();
    const answer = await saveSienge(`http://127.0.0.1:${erp.port}/api`);
    expect(answer.status).toBe(422);
    expect(answer.body.message).toContain('redirecionou para outro endereço');
    expect(erp.hits).toHaveLength(1);
  });

  it("follows a redirect within the ERP's own origin", async () => {
    erp.answer = (request, response) => {
      if (request.url?.startsWith('/old/'))
        return response.writeHead(301, { location: request.url.replace('/old/', '/api/') }).end();
      response
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ status: 401, clientMessage: 'Usuário da API inválido.' }));
    };
    const answer = await saveSienge(`http://127.0.0.1:${erp.port}/old`);
    expect(answer.status).toBe(422);
    expect(answer.body.message).toContain('Usuário da API inválido.');
    expect(erp.hits.map((hit) => hit.split('?')[0])).toEqual([
      'GET /old/v1/enterprises',
      'GET /api/v1/enterprises',
    ]);
  });

  it("never quotes a body that is not the ERP's JSON error", async () => {
    for (const [type, body] of [
      ['text/plain', SECRET],
      ['text/html', `<html><body><h1>${SECRET}</h1></body></html>`],
      ['application/json', JSON.stringify(SECRET)],
      ['application/json', JSON.stringify([SECRET])],
    ] as const) {
      erp.answer = (_request, response) => response.writeHead(500, { 'content-type': type }).end(body);
      const answer = await saveSienge(`http://127.0.0.1:${erp.port}/api`);
      expect(answer.status, body).toBe(422);
      expect(answer.body.message, body).toBe('O Sienge respondeu com erro (HTTP 500).');
    }
  });

  it("quotes the ERP's own JSON error message", async () => {
    erp.answer = (_request, response) =>
      response
        .writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify({ status: 500, clientMessage: 'Serviço do Sienge em manutenção.' }));
    const answer = await saveSienge(`http://127.0.0.1:${erp.port}/api`);
    expect(answer.body.message).toBe(
      'O Sienge respondeu com erro (HTTP 500): Serviço do Sienge em manutenção.',
    );
  });

  it('reaches an internal host the operator allowed by name and port', async () => {
    erp.answer = (_request, response) =>
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ resultSetMetadata: { count: 0, offset: 0, limit: 1 }, results: [] }));
    const answer = await saveSienge(`http://127.0.0.1:${erp.port}/api`);
    expect(answer.status).toBe(200);
    expect(erp.hits).toHaveLength(1);
    expect(await savedSiengeUrl()).toBe(`http://127.0.0.1:${erp.port}/api`);
  });
});
