import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { RunningInfrastructure } from '../infrastructure';
import { startJobs, type RunningJobs } from '../start-jobs';
import { createLocalStorage } from '../storage/local-storage';
import { freePort } from '../../test/server-process';
import { bearer, createTestContext, type TestContext } from '../../test/test-app';
import { MAIL_SEND_QUEUE } from './mail.jobs';
import { createMailer, type MailMessage, type Mailer } from './mailer';

let context: TestContext;
let apiApp: FastifyInstance;
let api: RunningJobs;
const running: RunningJobs[] = [];
/** What the API process's own transport was handed: nothing, as it works no queue. */
const sentByApi: MailMessage[] = [];
const apiTransport: Mailer = {
  destination: 'transporte do processo da API',
  send: async (message) => void sentByApi.push(message),
};

const infraWith = (
  smtpUrl: string | undefined,
  role: 'api' | 'worker',
  mailer?: Mailer,
): RunningInfrastructure => ({
  config: { ...context.config, role },
  db: context.db,
  connectionString: context.connectionString,
  storage: createLocalStorage(context.config.storageDir),
  mailer:
    mailer ??
    createMailer({
      smtpUrl,
      outboxDir: path.join(context.config.dataDir, 'outbox'),
      from: 'teste@mirante.test',
    }),
  close: () => Promise.resolve(),
});

beforeAll(async () => {
  context = await createTestContext({ supportEmail: 'suporte@mirante.test' });
  const infra = infraWith(context.config.smtpUrl, 'api', apiTransport);
  api = await startJobs(infra, () => undefined, { work: false });
  running.push(api);
  apiApp = await buildApp(infra, api.services, { serveWeb: false });
});

afterAll(async () => {
  await apiApp?.close();
  for (const jobs of running) await jobs.stop({ graceful: false });
  await context.close();
});

async function mailJobs(): Promise<{ state: string; error: string | null; subject: string }[]> {
  const { rows } = await api.queue.getDb().executeSql(
    `SELECT state, output->>'message' AS error, data->>'subject' AS subject FROM pgboss.job WHERE name = $1
       ORDER BY created_on`,
    [MAIL_SEND_QUEUE],
  );
  return rows as { state: string; error: string | null; subject: string }[];
}

async function requestHelp(subject: string) {
  const token = await context.login('usuario@horizonte.com.br');
  return apiApp.inject({
    method: 'POST',
    url: '/api/v1/notify/email/request-help',
    payload: new URLSearchParams({ subject, email: 'ursula@horizonte.com.br', message: 'Oi' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...bearer(token) },
  });
}

/** Waits for `done`, checked every 50 ms, for at most 30 s (the assertion after it then fails). */
async function until(done: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && !(await done())) await sleep(50);
}

describe('e-mails through the mail-send queue', () => {
  it('ROLE=api only queues an e-mail; it reaches SMTP once a working process takes the job', async () => {
    const response = await requestHelp('Fila de e-mails');
    expect(response.statusCode, response.body).toBe(200);
    // Answered once the job is sent, not delivered: the API process works no queue, and its own transport is
    // never handed the message (checked below, after a worker delivered it).
    expect(await mailJobs()).toEqual([
      { state: 'created', error: null, subject: '[Suporte Mirante] Fila de e-mails' },
    ]);
    expect(context.mail.filter((mail) => mail.raw.includes('Fila de e-mails'))).toEqual([]);

    const worker = await startJobs(infraWith(context.config.smtpUrl, 'worker'), () => undefined);
    await until(async () => context.mail.some((mail) => mail.raw.includes('Fila de e-mails')));
    const delivered = context.mail.filter((mail) => mail.raw.includes('Fila de e-mails'));
    expect(delivered.map((mail) => mail.to)).toEqual([['suporte@mirante.test']]);
    await until(async () => (await mailJobs())[0]?.state === 'completed');
    expect((await mailJobs()).map((job) => job.state)).toEqual(['completed']);
    expect(sentByApi).toEqual([]);
    await worker.stop();
  }, 60_000);

  it('a message the SMTP server refuses is kept for a retry, not lost', async () => {
    const closedPort = await freePort();
    const response = await requestHelp('SMTP fora do ar');
    expect(response.statusCode, response.body).toBe(200);
    const worker = await startJobs(infraWith(`smtp://127.0.0.1:${closedPort}`, 'worker'), () => undefined);
    running.push(worker);
    const refused = async () => (await mailJobs()).find((job) => job.subject.includes('SMTP fora do ar'));
    await until(async () => (await refused())?.state === 'retry');
    expect(await refused()).toMatchObject({ state: 'retry', error: expect.stringMatching(/ECONNREFUSED/) });
    expect(context.mail.filter((mail) => mail.raw.includes('SMTP fora do ar'))).toEqual([]);
  }, 60_000);
});
