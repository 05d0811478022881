import { readFileSync, unlinkSync } from 'node:fs';
import { mkdir, open, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { StartupRefusal } from './refusal';

/** The lock file a server that owns its data folder (embedded PostgreSQL) keeps there while it runs. */
export const LOCK_FILE = 'mirante.pid';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether `pid` runs Node (its argv[0]'s base name); a pid reused by another program holds no lock. */
async function runsNode(pid: number): Promise<boolean> {
  try {
    const argv0 = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0')[0] ?? '';
    return path.basename(argv0).startsWith('node');
  } catch {
    // No /proc (not Linux): a live pid is taken as the holder.
    return process.platform !== 'linux';
  }
}

async function holder(file: string): Promise<number | null> {
  const pid = Number((await readFile(file, 'utf8').catch(() => '')).trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  return isAlive(pid) && (await runsNode(pid)) ? pid : null;
}

/**
 * Takes `dataDir` for this process, or refuses when a running instance holds it. A pid file, not a lock that must
 * be refreshed on a timer (proper-lockfile's mtime), because a busy event loop would let such a lock go stale and
 * be taken while its owner still runs. A file left by a killed server (its pid gone or reused) is taken over.
 * The file is removed when this process exits.
 */
export async function lockDataDir(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const created = await open(file, 'wx').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EEXIST') return null;
    throw error;
  });
  if (created) {
    await created.writeFile(String(process.pid));
    await created.close();
  } else {
    const pid = await holder(file);
    if (pid !== null)
      throw new StartupRefusal(
        `A pasta de dados ${dataDir} está em uso por outra instância do Mirante em execução (processo ${pid}). ` +
          'Encerre essa instância ou use outra pasta (DATA_DIR).',
      );
    await writeFile(file, String(process.pid));
  }
  process.once('exit', () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
    } catch {
      // Already gone.
    }
  });
}
