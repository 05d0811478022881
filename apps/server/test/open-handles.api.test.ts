import { createHook } from 'node:async_hooks';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createDb } from '../src/db/database';
import type { RunningInfrastructure } from '../src/infrastructure';
import { startJobs } from '../src/start-jobs';
import { createMailer } from '../src/mail/mailer';
import { createLocalStorage } from '../src/storage/local-storage';
import { createTestContext, type TestContext } from './test-app';

/**
 * What outlives its owner: timers (unref'd ones too, which `process.getActiveResourcesInfo` leaves out) and
 * sockets, servers, pipes and child processes. Not promises, ticks and immediates (they end by themselves), nor
 * file handles (some are closed by the garbage collector).
 */
const TRACKED = new Set([
  'Timeout',
  'TCPWRAP',
  'TCPSERVERWRAP',
  'TLSWRAP',
  'PIPEWRAP',
  'PIPESERVERWRAP',
  'PROCESSWRAP',
  'UDPWRAP',
  'FSEVENTWRAP',
  'SIGNALWRAP',
]);
const THIS_FILE = new URL(import.meta.url).pathname;

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});

afterAll(() => context?.close());

/** Every tracked resource created from `enable` on and not yet destroyed, with where it was created. */
function openedResources() {
  const open = new Map<number, { type: string; createdAt: string }>();
  const hook = createHook({
    init(id, type) {
      if (!TRACKED.has(type)) return;
      // The frames outside Node and this hook; a resource of this file's own (its waits) is not the app's.
      const frames = (new Error().stack ?? '')
        .split('\n')
        .slice(2)
        .filter((frame) => !frame.includes('node:') && !frame.includes('<anonymous>'))
        .map((frame) => frame.trim());
      if (!frames[0]?.includes(THIS_FILE)) open.set(id, { type, createdAt: frames.slice(0, 3).join(' ← ') });
    },
    destroy: (id) => void open.delete(id),
  });
  return {
    enable: () => void hook.enable(),
    disable: () => void hook.disable(),
    left: () => [...open.values()].map(({ type, createdAt }) => `${type} ${createdAt}`),
  };
}

/** How many of each kind of resource keeps the process alive (the runner's own included). */
function activeKinds(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const kind of process.getActiveResourcesInfo()) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return counts;
}

function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    // No keep-alive agent: the client's socket is not one of the app's.
    http
      .get(url, { agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

/** Waits for `done`, checked every 20 ms, for at most 10 s. */
async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && !done()) await sleep(20);
}

it('leaves no timer, socket or server behind once the app, its jobs and its database are closed', async () => {
  const resources = openedResources();
  const before = activeKinds();
  resources.enable();
  try {
    // The process main.ts starts (ROLE=all): its own database pool, pg-boss working every queue, the HTTP app.
    const db = createDb(context.connectionString, 4);
    const infra: RunningInfrastructure = {
      config: context.config,
      db,
      connectionString: context.connectionString,
      storage: createLocalStorage(context.config.storageDir),
      mailer: createMailer({
        smtpUrl: context.config.smtpUrl,
        outboxDir: path.join(context.config.dataDir, 'outbox'),
        from: 'teste@mirante.test',
      }),
      close: () => db.destroy(),
    };
    const jobs = await startJobs(infra, () => undefined);
    const app = await buildApp(infra, jobs.services, { serveWeb: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    expect(await get(`http://127.0.0.1:${port}/api/v1/health`)).toBe(200);
    // An e-mail through the queue: the wake-ups' LISTEN connection, a worker and an SMTP connection.
    await jobs.mailer.send({ to: 'ana@mirante.test', subject: 'Encerramento limpo', text: 'Olá' });
    await until(() => context.mail.some((mail) => mail.raw.includes('Encerramento limpo')));
    expect(context.mail.some((mail) => mail.raw.includes('Encerramento limpo'))).toBe(true);
    expect(resources.left().some((resource) => resource.startsWith('Timeout'))).toBe(true);

    // main.ts's shutdown, in its order.
    await app.close();
    await jobs.stop();
    await infra.close();

    // A closed socket is destroyed a moment later; pg-boss's loops end within a second of its stop.
    await until(() => resources.left().length === 0);
    expect(resources.left()).toEqual([]);
    const grown = [...activeKinds()].filter(([kind, count]) => count > (before.get(kind) ?? 0));
    expect(grown).toEqual([]);
  } finally {
    resources.disable();
  }
});
