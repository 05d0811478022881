import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustProxyFromEnv } from '../src/http/trust-proxy';
import { FACTORY_PASSWORD, factories, type BuiltUser } from './factories';
import { createSiblingApp, createTestContext, type TestContext } from './test-app';

// The proxy-recipe throttle test: the compose recipe (deploy/) as it is written — its TRUST_PROXY, its nginx's
// X-Forwarded-For rule, its two API processes on one database — with LOGIN_RATE_LIMIT 3 (30 tries a minute
// per client address). nginx is not run here: its rule for the header is read from deploy/nginx.conf and
// applied as nginx documents it.

const DEPLOY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../deploy');
/** The proxy's address on the compose network, the API processes' socket peer. */
const PROXY_ADDRESS = '172.18.0.10';

/** The value of X-Forwarded-For the recipe's nginx sends, given what the client sent and its address. */
type ForwardedFor = (clientHeader: string | undefined, clientAddress: string) => string;

/** nginx's variables for X-Forwarded-For (ngx_http_proxy_module, ngx_http_core_module). */
function nginxForwardedFor(value: string): ForwardedFor {
  if (value === '$remote_addr') return (_header, address) => address;
  if (value === '$proxy_add_x_forwarded_for')
    return (header, address) => (header ? `${header}, ${address}` : address);
  throw new Error(`o teste não conhece a regra do nginx para X-Forwarded-For: ${value}`);
}

async function readRecipe(): Promise<{ trustProxy: string; forwardedFor: ForwardedFor; apiCount: number }> {
  const nginx = await readFile(path.join(DEPLOY, 'nginx.conf'), 'utf8');
  const compose = await readFile(path.join(DEPLOY, 'compose.yaml'), 'utf8');
  const rules = [...nginx.matchAll(/^\s*proxy_set_header\s+X-Forwarded-For\s+(\S+);/gim)].map((m) => m[1]);
  const trustProxy = [...compose.matchAll(/^\s*TRUST_PROXY:\s*'?([^'\n]*)'?\s*$/gm)].map((m) => m[1]);
  const upstream = /upstream\s+mirante_api\s*\{([^}]*)\}/.exec(nginx)?.[1] ?? '';
  const apiCount = [...upstream.matchAll(/^\s*server\s/gm)].length;
  // Every location forwards the same way, and every process of the recipe trusts the same hops.
  expect(new Set(rules).size).toBe(1);
  expect(new Set(trustProxy).size).toBe(1);
  return { trustProxy: trustProxy[0]!, forwardedFor: nginxForwardedFor(rules[0]!), apiCount };
}

let ctx: TestContext;
let siblings: Awaited<ReturnType<typeof createSiblingApp>>[] = [];
let apis: FastifyInstance[];
let forwardedFor: ForwardedFor;
let user: BuiltUser;
let served = 0;

beforeAll(async () => {
  const recipe = await readRecipe();
  forwardedFor = recipe.forwardedFor;
  const trustProxy = trustProxyFromEnv(recipe.trustProxy);
  ctx = await createTestContext({ loginRateLimitPerMinute: 3, trustProxy });
  for (let i = 1; i < recipe.apiCount; i++) siblings.push(await createSiblingApp(ctx));
  apis = [ctx.app, ...siblings.map((sibling) => sibling.app)];
  expect(apis).toHaveLength(2);
  user = await factories(ctx).buildUser('USER');
});
afterAll(async () => {
  for (const sibling of siblings) await sibling.close();
  siblings = [];
  await ctx?.close();
});

/** A sign-in from `client` through the recipe's nginx, which hands the calls to its API processes in turn. */
function signInThroughProxy(
  client: { address: string; forwardedFor?: string },
  email: string,
  password: string,
) {
  const api = apis[served++ % apis.length]!;
  return api.inject({
    method: 'POST',
    url: '/api/v1/user',
    payload: { email, password },
    remoteAddress: PROXY_ADDRESS,
    headers: { 'x-forwarded-for': forwardedFor(client.forwardedFor, client.address) },
  });
}

describe('the compose recipe behind its nginx', () => {
  it('refuses one client trying a password on 150 accounts past 30, whatever X-Forwarded-For he sends', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 150; i++) {
      const client = { address: '198.51.100.66', forwardedFor: `10.${i % 250}.${i % 7}.1` };
      statuses.push((await signInThroughProxy(client, `conta${i}@exemplo.com`, 'senha123')).statusCode);
    }
    expect(statuses.slice(0, 30)).toEqual(Array<number>(30).fill(401));
    expect(statuses.slice(30)).toEqual(Array<number>(120).fill(429));
  });

  it('does not let that client pass for another one by naming its address', async () => {
    const posing = { address: '198.51.100.66', forwardedFor: '198.51.100.67' };
    expect((await signInThroughProxy(posing, user.email, FACTORY_PASSWORD)).statusCode).toBe(429);
  });

  it('lets another client in meanwhile', async () => {
    const other = { address: '198.51.100.67' };
    expect((await signInThroughProxy(other, user.email, FACTORY_PASSWORD)).statusCode).toBe(200);
  });
});
