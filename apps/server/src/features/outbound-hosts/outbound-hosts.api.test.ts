import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OUTBOUND_HOSTS_MESSAGES as M, type OutboundHost } from '@mirante/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories';
import { tableChecksums } from '../../../test/fuzz/table-checksum';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';

/*
 * An ADMIN allows by name the internal hosts that the URLs users type may reach (an ERP on the company's network);
 * the list is kept in the database, so every process of the installation reads it, and applies at once.
 */

let ctx: TestContext;
let erp: Server;
let erpPort: number;
const hits: string[] = [];
let admin: string;
let manager: string;

beforeAll(async () => {
  erp = createServer((request, response) => {
    hits.push(`${request.method} ${request.url}`);
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ resultSetMetadata: { count: 0, offset: 0, limit: 1 }, results: [] }));
  });
  await new Promise<void>((resolve) => erp.listen(0, '127.0.0.1', resolve));
  erpPort = (erp.address() as AddressInfo).port;
  ctx = await createTestContext({ outboundAllowedHosts: [{ host: 'erp.empresa.local', port: null }] });
  const f = factories(ctx);
  admin = await ctx.login('admin@mirante.app.br');
  manager = await f.signIn(await f.buildUser('MANAGER', ['allotment.integration']));
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  erp?.close();
});

const call = (token: string, method: 'GET' | 'POST', payload?: object) =>
  ctx.app.inject({ method, url: '/api/v1/outbound-hosts', headers: bearer(token), payload });

const saveSienge = (url: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/integration/sienge/credentials',
    headers: bearer(manager),
    payload: { sienge_url: url, sienge_username: 'api', sienge_password: 'senha' },
  });

describe('the ADMIN list of allowed internal hosts', () => {
  it('lists the environment hosts, read-only, before any is saved', async () => {
    const response = await call(admin, 'GET');
    expect(response.statusCode).toBe(200);
    expect(response.json<OutboundHost[]>()).toEqual([{ host: 'erp.empresa.local', source: 'environment' }]);
  });

  it('lets an ERP URL reach a host once the ADMIN allows it, and refuses it again once removed', async () => {
    const url = `http://127.0.0.1:${erpPort}/api`;
    expect((await saveSienge(url)).statusCode).toBe(422);
    expect(hits).toEqual([]);

    const saved = await call(admin, 'POST', {
      hosts: [` 127.0.0.1:${erpPort} `, 'ERP-2.local', 'erp-2.local'],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<OutboundHost[]>()).toEqual([
      { host: `127.0.0.1:${erpPort}`, source: 'admin' },
      { host: 'erp-2.local', source: 'admin' },
      { host: 'erp.empresa.local', source: 'environment' },
    ]);
    expect((await saveSienge(url)).statusCode).toBe(200);
    expect(hits).toHaveLength(1);

    expect((await call(admin, 'POST', { hosts: [] })).statusCode).toBe(200);
    const refused = await saveSienge(url);
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toContain('endereço interno');
    expect(hits).toHaveLength(1);
  });

  it.each(['http://erp.local', 'erp.local/api', 'usuario@erp.local', 'erp.local:99999'])(
    'refuses the whole list when %s is no host, saving nothing',
    async (entry) => {
      const before = await tableChecksums(ctx.db);
      const response = await call(admin, 'POST', { hosts: ['erp.local', entry] });
      expect(response.statusCode).toBe(422);
      expect(response.json<{ message: string }>().message).toBe(M.invalid(entry));
      expect(await tableChecksums(ctx.db)).toEqual(before);
    },
  );

  it('is the ADMIN’s only', async () => {
    expect((await call(manager, 'GET')).statusCode).toBe(403);
    expect((await call(manager, 'POST', { hosts: ['erp.local'] })).statusCode).toBe(403);
  });
});
