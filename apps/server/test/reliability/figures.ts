import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Where each reliability test writes the figures of its last run (the source of bench/RESULTS.md's table). */
const FIGURES_DIR = path.resolve(import.meta.dirname, '../../../../bench/reliability');

/** Writes `bench/reliability/<name>.json` (with the time and the load average) and prints it. */
export async function recordFigures(name: string, figures: Record<string, unknown>): Promise<void> {
  const record = {
    at: new Date().toISOString(),
    loadAverage: os.loadavg().map((value) => Number(value.toFixed(2))),
    cores: os.cpus().length,
    ...figures,
  };
  await mkdir(FIGURES_DIR, { recursive: true });
  await writeFile(path.join(FIGURES_DIR, `${name}.json`), `${JSON.stringify(record, null, 2)}\n`);
  console.log(`[${name}]`, JSON.stringify(record));
}

/** Peak resident memory (VmHWM) of a process so far, in MB; null when it cannot be read (not Linux). */
export function peakRss(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

/** Current resident memory (VmRSS) of a process, in MB. */
export function currentRss(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}
