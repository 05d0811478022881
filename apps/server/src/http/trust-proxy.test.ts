import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientAddress, fastifyTrustProxy, trustProxyFromEnv } from './trust-proxy';

/** The client address Fastify sees for a request from `peer` carrying `forwardedFor`. */
async function clientIp(trustProxy: string | undefined, peer: string, forwardedFor?: string) {
  const app = Fastify({ trustProxy: fastifyTrustProxy(trustProxyFromEnv(trustProxy)) });
  app.get('/', (request) => ({ ip: clientAddress(request) }));
  const response = await app.inject({
    method: 'GET',
    url: '/',
    remoteAddress: peer,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
  await app.close();
  return (response.json() as { ip: string }).ip;
}

describe('the client address behind proxies', () => {
  it('is the socket peer when no proxy is trusted, whatever the header says', async () => {
    expect(await clientIp(undefined, '203.0.113.7', '198.51.100.1')).toBe('203.0.113.7');
  });

  it('with one hop trusted is the address the proxy appended, not the one the client typed', async () => {
    // nginx's $proxy_add_x_forwarded_for: the client's own header, then the address nginx saw.
    expect(await clientIp('1', '172.18.0.5', '10.9.9.9, 203.0.113.7')).toBe('203.0.113.7');
    expect(await clientIp('true', '172.18.0.5', '203.0.113.7')).toBe('203.0.113.7');
  });

  it('with two hops trusted skips exactly two', async () => {
    expect(await clientIp('2', '172.18.0.5', '1.1.1.1, 203.0.113.7, 172.18.0.9')).toBe('203.0.113.7');
  });

  it('with proxy addresses is the right-most address that is not one of them', async () => {
    expect(await clientIp('172.16.0.0/12', '172.18.0.5', '10.9.9.9, 203.0.113.7, 172.18.0.9')).toBe(
      '203.0.113.7',
    );
    // A peer that is not a listed proxy is the client, and its header is not believed.
    expect(await clientIp('172.16.0.0/12', '203.0.113.8', '10.9.9.9')).toBe('203.0.113.8');
  });

  it('is the socket peer when a trusted hop forwarded something that is not an address', async () => {
    expect(await clientIp('1', '172.18.0.5', '203.0.113.7, não-é-ip')).toBe('172.18.0.5');
  });
});
