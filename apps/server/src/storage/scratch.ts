import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Scratch folders of uploads and ingests live under `<tmp>/mirante-scratch/<pid>/`, one folder per process, so
 * a process killed mid-upload leaves its files where the next start can find them: a folder whose process is
 * gone (or is this very process, just started) holds nothing anyone still works on.
 */
export function scratchRoot(): string {
  return path.join(os.tmpdir(), 'mirante-scratch');
}

const processFolder = () => path.join(scratchRoot(), String(process.pid));

/** A fresh, empty folder for one upload or ingest; the caller removes it when done. */
export async function makeScratchDir(prefix: string): Promise<string> {
  const parent = processFolder();
  await mkdir(parent, { recursive: true });
  return mkdtemp(path.join(parent, `${prefix}-`));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, owned by someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the scratch folders of processes that no longer run; `atStart` also this process's own (a reused pid,
 * e.g. pid 1 in a container, finds its previous life's folder).
 */
export async function sweepScratch(atStart: boolean): Promise<number> {
  let entries: string[];
  try {
    entries = await readdir(scratchRoot());
  } catch {
    return 0;
  }
  let removed = 0;
  for (const entry of entries) {
    const pid = Number(entry);
    const own = pid === process.pid;
    const orphaned = !Number.isInteger(pid) || pid <= 0 || (own ? atStart : !isAlive(pid));
    if (!orphaned) continue;
    await rm(path.join(scratchRoot(), entry), { recursive: true, force: true });
    removed++;
  }
  return removed;
}
