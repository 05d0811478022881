import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import S3rver from 's3rver';
import {
  freePort,
  startServerProcess,
  startWorkerProcess,
  stopServerProcess,
  waitFor,
  type NodeProcess,
  type ServerProcess,
} from '../server-process';

/** The machine's PostgreSQL 15 (trust auth); override with EXTERNAL_PG_URL. */
const ADMIN_URL = process.env.EXTERNAL_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BUCKET = 'mirante';

export interface WorkerProcess extends NodeProcess {
  /** Its DATA_DIR: the outbox its e-mails are written to (no SMTP in the cluster). */
  dataDir: string;
}

/** PostgreSQL database, S3 (s3rver) and the settings every process of one cluster shares. */
export interface ClusterBase {
  databaseUrl: string;
  env: Record<string, string>;
  db: pg.Pool;
  s3Directory: string;
  close(): Promise<void>;
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * s3rver (not S3) removes a folder a delete left empty, racing a PUT that has just created it: the PUT's write
 * stream fails with an uncaught ENOENT and the object is lost (seen in the load test, with exports stored and
 * deleted several a second under `jobs/exports`). A kept object in each folder of short-lived job files stops it.
 */
async function keepJobFolders(s3Port: number): Promise<void> {
  const client = new S3Client({
    endpoint: `http://127.0.0.1:${s3Port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  for (const folder of ['jobs/imports', 'jobs/exports'])
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `${folder}/.keep`, Body: '' }));
  client.destroy();
}

/** A fresh database on the external PostgreSQL and an s3rver bucket on 127.0.0.1, with shared settings. */
export async function startClusterBase(): Promise<ClusterBase> {
  const database = `mirante_rel_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${database}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  const s3Directory = await mkdtemp(path.join(os.tmpdir(), 'mirante-s3rver-'));
  const s3Port = await freePort();
  const s3 = new S3rver({
    port: s3Port,
    address: '127.0.0.1',
    silent: true,
    directory: s3Directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  await s3.run();
  await keepJobFolders(s3Port);
  const env = {
    DATABASE_URL: url.toString(),
    DEMO_DATA: '1',
    DEMO_IMAGERY: '0',
    INTEGRATION_KEY: randomBytes(32).toString('base64'),
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: '1',
    LOGIN_RATE_LIMIT: '1000000',
    // An import an API sends waits this long for a worker to take it, then is withdrawn (503).
    JOB_PICKUP_SECONDS: '10',
  };
  const db = new pg.Pool({ connectionString: url.toString(), max: 2 });
  return {
    databaseUrl: url.toString(),
    env,
    db,
    s3Directory,
    async close() {
      await db.end().catch(() => undefined);
      await s3.close().catch(() => undefined);
      await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
      await rm(s3Directory, { recursive: true, force: true });
    },
  };
}

/** An API process (`ROLE=api`) of the cluster, its own scratch folder, on `port`; `node`: the Node.js binary. */
export async function startApi(base: ClusterBase, port: number, node?: string): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mirante-rel-api-'));
  return startServerProcess({ ...base.env, ROLE: 'api', DATA_DIR: dataDir }, port, { node });
}

/**
 * A worker (`npm run worker`'s entry), ready once it says so; `dataDir` reuses a stopped worker's folder, `node`
 * is the Node.js binary (this test's by default).
 */
export async function startWorker(
  base: ClusterBase,
  reuseDataDir?: string,
  node?: string,
): Promise<WorkerProcess> {
  const dataDir = reuseDataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'mirante-rel-worker-')));
  return { ...(await startWorkerProcess({ ...base.env, DATA_DIR: dataDir }, { node })), dataDir };
}

/** Stops a process with `signal`; one that has not exited 30 s after a gentler signal is killed. */
export const stopProcess = stopServerProcess;

export { freePort, stopServerProcess, waitFor, type ServerProcess };

export async function signIn(baseUrl: string, email = 'admin@mirante.app.br'): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'mirante2026' }),
  });
  if (!response.ok) throw new Error(`login ${email}: ${response.status}`);
  return ((await response.json()) as { api_token: string }).api_token;
}

/** The id of the demo allotment (Jardim das Palmeiras) in the cluster's database. */
export async function demoAllotmentId(base: ClusterBase): Promise<number> {
  const { rows } = await base.db.query<{ id: number }>(
    `SELECT id FROM projects WHERE space = 'jardim-das-palmeiras'`,
  );
  return rows[0]!.id;
}
