import path from 'node:path';
import type { BaseMaps } from '@mirante/shared';
import { baseMapOrigins, baseMapsFromEnv } from './base-maps';
import { KEY_ADVICE, legacyPathKey, loadOrCreateSecretFile, parseSecret } from './server-secret';
import { trustProxyFromEnv, type TrustProxy } from './http/trust-proxy';
import { allowedHostsFromEnv, type AllowedHost } from './outbound/allowed-hosts';
import { checkEnv } from './config-env';
import { StartupRefusal } from './startup/refusal';

/** What a process does: `api` serves HTTP and only enqueues jobs, `worker` only runs jobs, `all` both. */
export type ProcessRole = 'api' | 'worker' | 'all';

export interface AppConfig {
  /** `ROLE` (default `all`: one machine serves and works the queues). */
  role: ProcessRole;
  port: number;
  host: string;
  /** Public address used in e-mailed links. */
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  embeddedPostgresPort: number;
  embeddedDatabaseName: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  storageDir: string;
  webDistDir: string;
  sessionTtlHours: number;
  /** A session unused this long ends (sliding; last use is recorded at most once a minute). */
  sessionIdleMinutes: number;
  passwordTokenTtlHours: number;
  /** Seed the demo into an empty database: only the embedded database by default (see `demoDataWanted`). */
  loadDemoData: boolean;
  /**
   * Whether this process runs the demonstration (its accounts, link and banner). `loadDemoData` until the start-up
   * has looked at the database: only an empty one or one seeded as the demo is (features/demo/initial-data.ts).
   */
  demo: boolean;
  /** Without demo data, an empty database gets its first ADMIN with this e-mail (and a definition e-mail). */
  adminEmail: string | undefined;
  /** Lifetime of sign-in links ("entrar por token"). */
  accessTokenTtlDays: number;
  /** Render and ingest the demo scenes in the background on first start. */
  loadDemoImagery: boolean;
  demoImageryScale: number;
  loginRateLimitPerMinute: number;
  /**
   * `JOB_PICKUP_SECONDS` (60): how long an API request (an import or export) waits for a worker to take its job before it
   * gives up with 503 and withdraws the job.
   */
  jobPickupSeconds: number;
  /**
   * `REMOTE_TASK_CONCURRENCY` (4): work loops per worker process on each request/response queue (the exports,
   * each import queue); imports of one project still run one at a time (a per-project advisory lock).
   */
  remoteTaskConcurrency: number;
  /** `TRUST_PROXY`: the proxy hops (or the proxies' addresses) whose X-Forwarded-For is believed; false: none. */
  trustProxy: TrustProxy;
  logLevel: string;
  /** Largest scene upload (GeoTIFF/PNG/JPEG), in MB. */
  sceneUploadMaxMb: number;
  /** S3-compatible storage, used instead of `storageDir` when a bucket is set. */
  s3: S3Config | null;
  /** External street and satellite base maps (`BASEMAP_*`); null each when not configured. */
  baseMaps: BaseMaps;
  /** The origins the browser may read base-map data from (Content-Security-Policy): the maps' and `BASEMAP_EXTRA_ORIGINS`. */
  baseMapOrigins: string[];
  /** `TILE_CACHE_MB` (64): the in-memory tile cache of each process; 0 turns it off. */
  tileCacheMb: number;
  /** `CPU_THREADS`: threads of the process's CPU pool; undefined: one per core. */
  cpuThreads: number | undefined;
  /**
   * `CPU_NICENESS` (10): the niceness of the HTTP process's heavy-work threads (CPU pool, libvips), so that the
   * event loop answering requests gets a core first; 0 leaves them at the process's priority.
   */
  cpuNiceness: number;
  /** `FFMPEG_PATH` (`ffmpeg`, found on the PATH): the optional tool that writes MP4 timelapses. */
  ffmpegPath: string;
  /**
   * The server's secret (`server-secret.ts`): the ERP credentials' AES-256 key and the root of every signing key.
   * `INTEGRATION_KEY` when set; else null here, and at start-up `withServerSecret` reads or makes the data
   * folder's `server-secret.key` (outside production; in production it stays null and `requireIntegrationKey`
   * stops the start-up).
   */
  integrationKey: Buffer | null;
  /**
   * `INTEGRATION_KEY_PREVIOUS`: keys being rotated out. At start-up, saved ERP credentials that only one of them
   * reads are encrypted again with `integrationKey`.
   */
  previousIntegrationKeys: Buffer[];
  /** The path-derived key of earlier releases (outside production), kept only to read what it encrypted. */
  legacyIntegrationKey: Buffer | null;
  /**
   * `OUTBOUND_ALLOWED_HOSTS`: hosts (`name`, `name:port`, `IP`, `[IPv6]:port`, comma-separated) that calls to
   * user-supplied URLs may reach although they resolve to internal addresses (an on-premise ERP).
   */
  outboundAllowedHosts: AllowedHost[];
  /** `CLUSTER_WORKERS` (or `WEB_CONCURRENCY`) > 1: that many HTTP processes share the port (node:cluster). */
  clusterWorkers: number;
  /** `LOG_REQUESTS=1`: one log line per request. */
  logRequests: boolean;
  /** `MIRANTE_WORKER_INDEX`: this HTTP process's place in a cluster (set by the primary); undefined outside one. */
  clusterWorkerIndex: number | undefined;
}

export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  prefix: string;
}

/**
 * The demo (known passwords, a sign-in link) only where it is wanted: `DEMO_DATA=1` or `0` decides; unset, it
 * loads into the embedded database of a laptop and never with `DATABASE_URL` or `NODE_ENV=production`.
 */
function demoDataWanted(env: NodeJS.ProcessEnv): boolean {
  if (env.DEMO_DATA === '1') return true;
  if (env.DEMO_DATA === '0') return false;
  return !env.DATABASE_URL && env.NODE_ENV !== 'production';
}

/** `INTEGRATION_KEY`: 32 bytes as base64 or 64 hex digits; unset: null (see `withServerSecret`). */
export function integrationKeyFromEnv(env: NodeJS.ProcessEnv): Buffer | null {
  const given = env.INTEGRATION_KEY?.trim();
  if (!given) return null;
  const key = parseSecret(given);
  if (!key) throw new Error(`INTEGRATION_KEY inválida: ${KEY_ADVICE}`);
  return key;
}

/** `INTEGRATION_KEY_PREVIOUS`: the key being rotated out (comma-separated if several), same forms. */
export function previousKeysFromEnv(env: NodeJS.ProcessEnv): Buffer[] {
  const given = env.INTEGRATION_KEY_PREVIOUS?.trim();
  if (!given) return [];
  return given.split(',').map((text) => {
    const key = parseSecret(text);
    if (!key) throw new Error(`INTEGRATION_KEY_PREVIOUS inválida: ${KEY_ADVICE}`);
    return key;
  });
}

/**
 * The configuration with its secret: `INTEGRATION_KEY` when given; else, outside production, the data folder's
 * `server-secret.key`, generated with random bytes on the first start. Production needs `INTEGRATION_KEY`
 * (every process of a scaled-out install must hold the same key), so there it stays null.
 */
export async function withServerSecret(
  config: AppConfig,
  env: NodeJS.ProcessEnv = process.env,
): Promise<AppConfig> {
  if (config.integrationKey || env.NODE_ENV === 'production') return config;
  return { ...config, integrationKey: await loadOrCreateSecretFile(config.dataDir) };
}

/** Stops a production start-up without `INTEGRATION_KEY`, saying what to do. */
export function requireIntegrationKey(config: Pick<AppConfig, 'integrationKey'>): Buffer {
  if (!config.integrationKey)
    throw new Error(
      'INTEGRATION_KEY não definida: em produção as credenciais dos ERPs são criptografadas com esta chave. ' +
        'Gere uma com `openssl rand -base64 32`, guarde-a com os segredos do servidor e defina INTEGRATION_KEY.',
    );
  return config.integrationKey;
}

/** `ROLE`: `api`, `worker` or `all` (unset); anything else stops the start-up, saying what is accepted. */
export function roleFromEnv(value: string | undefined): ProcessRole {
  const role = value?.trim().toLowerCase() || 'all';
  if (role === 'api' || role === 'worker' || role === 'all') return role;
  throw new Error(`ROLE inválido: "${value}". Use api (só HTTP), worker (só tarefas) ou all (os dois).`);
}

/**
 * Reads the configuration from the environment (see the README's configuration table), checked in one place: a
 * variable set to a wrong value stops the start-up (exit code 78, so the supervisor does not restart it) with a
 * pt-BR line saying which and what it accepts.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  try {
    return readConfig(env);
  } catch (error) {
    throw new StartupRefusal(error instanceof Error ? error.message : String(error));
  }
}

function readConfig(env: NodeJS.ProcessEnv): AppConfig {
  const checked = checkEnv(env);
  const port = checked.PORT ?? 3000;
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  const demo = demoDataWanted(env);
  return {
    role: roleFromEnv(env.ROLE),
    port,
    host: env.HOST ?? '0.0.0.0',
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    embeddedPostgresPort: checked.EMBEDDED_PG_PORT ?? 54329,
    embeddedDatabaseName: env.EMBEDDED_PG_DATABASE ?? 'mirante',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Mirante <nao-responda@mirante.app.br>',
    supportEmail: env.SUPPORT_EMAIL ?? 'suporte@mirante.app.br',
    storageDir: path.resolve(env.STORAGE_DIR ?? path.join(dataDir, 'storage')),
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? 'apps/web/dist'),
    sessionTtlHours: checked.SESSION_TTL_HOURS ?? 24 * 30,
    sessionIdleMinutes: checked.SESSION_IDLE_MINUTES ?? 120,
    passwordTokenTtlHours: checked.PASSWORD_TOKEN_TTL_HOURS ?? 48,
    loadDemoData: demo,
    demo,
    adminEmail: env.ADMIN_EMAIL?.trim() || undefined,
    accessTokenTtlDays: checked.ACCESS_TOKEN_TTL_DAYS ?? 30,
    loadDemoImagery: demo && checked.DEMO_IMAGERY !== '0',
    demoImageryScale: checked.DEMO_IMAGERY_SCALE ?? 1,
    loginRateLimitPerMinute: checked.LOGIN_RATE_LIMIT ?? 10,
    jobPickupSeconds: checked.JOB_PICKUP_SECONDS ?? 60,
    remoteTaskConcurrency: checked.REMOTE_TASK_CONCURRENCY ?? 4,
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    logLevel: checked.LOG_LEVEL ?? 'info',
    sceneUploadMaxMb: checked.SCENE_UPLOAD_MAX_MB ?? 4096,
    tileCacheMb: checked.TILE_CACHE_MB ?? 64,
    cpuThreads: checked.CPU_THREADS,
    cpuNiceness: checked.CPU_NICENESS ?? 10,
    ffmpegPath: env.FFMPEG_PATH?.trim() || 'ffmpeg',
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION ?? 'us-east-1',
          endpoint: env.S3_ENDPOINT || undefined,
          accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
          forcePathStyle: checked.S3_FORCE_PATH_STYLE === '1' || Boolean(env.S3_ENDPOINT),
          prefix: (env.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, ''),
        }
      : null,
    baseMaps: baseMapsFromEnv(env),
    baseMapOrigins: baseMapOrigins(env),
    integrationKey: integrationKeyFromEnv(env),
    previousIntegrationKeys: previousKeysFromEnv(env),
    legacyIntegrationKey: env.NODE_ENV === 'production' ? null : legacyPathKey(dataDir),
    outboundAllowedHosts: allowedHostsFromEnv(env.OUTBOUND_ALLOWED_HOSTS),
    clusterWorkers: checked.CLUSTER_WORKERS ?? checked.WEB_CONCURRENCY ?? 1,
    logRequests: checked.LOG_REQUESTS === '1',
    clusterWorkerIndex: checked.MIRANTE_WORKER_INDEX,
  };
}
