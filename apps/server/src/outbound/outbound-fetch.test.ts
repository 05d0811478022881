import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOutboundFetch, OutboundRefusedError, type ResolvedAddress } from './outbound-fetch';

let server: Server;
let port: number;
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    hits.push(`${request.headers.host} ${request.method} ${request.url}`);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  hits.length = 0;
});

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundRefusedError);
  return (error as Error).message;
}

describe('createOutboundFetch', () => {
  it.each([
    ['10.0.0.7', 'rede privada'],
    ['169.254.169.254', 'link-local'],
    ['fd00:ec2::254', 'privada IPv6'],
    ['::ffff:127.0.0.1', 'loopback'],
  ])('refuses a name that resolves to %s (%s) before connecting', async (address, range) => {
    const outbound = createOutboundFetch({
      allowedHosts: async () => [],
      resolve: async () => [{ address, family: address.includes(':') ? 6 : 4 }],
    });
    const message = await refusal(outbound(`http://erp.example.com:${port}/x`, { method: 'GET' }));
    expect(message).toContain(range);
    expect(hits).toEqual([]);
  });

  it('refuses a name when any one of its addresses is internal', async () => {
    const outbound = createOutboundFetch({
      allowedHosts: async () => [],
      resolve: async () => [
        { address: '8.8.8.8', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
    });
    expect(await refusal(outbound('http://erp.example.com/x', { method: 'GET' }))).toContain('loopback');
  });

  it('connects to exactly the addresses it checked, resolving once (no second lookup to rebind)', async () => {
    const lookups: string[] = [];
    const outbound = createOutboundFetch({
      allowedHosts: async () => [{ host: 'erp.interno', port }],
      // A name the system's DNS does not know: the connection can only have used this answer.
      resolve: async (hostname): Promise<ResolvedAddress[]> => {
        lookups.push(hostname);
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    const response = await outbound(`http://erp.interno:${port}/dados`, { method: 'GET' });
    expect(response.status).toBe(200);
    expect(response.text).toBe('{"ok":true}');
    expect(lookups).toEqual(['erp.interno']);
    expect(hits).toEqual([`erp.interno:${port} GET /dados`]);
  });

  it.each([
    'ftp://erp.example.com/x',
    'file:///etc/passwd',
    'http://user:senha@erp.example.com/',
    'não é URL',
  ])('refuses %s', async (url) => {
    const outbound = createOutboundFetch({ allowedHosts: async () => [] });
    await refusal(outbound(url, { method: 'GET' }));
  });
});
