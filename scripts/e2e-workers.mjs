// How many browser-test workers this machine can hold: each has its own server, PostgreSQL and Chromium.
import os from 'node:os';

/** Share of one core a busy loop gets over `ms` (1 on an idle machine; ~0.4 when other work takes 60 %). */
export function cpuShare(ms = 400) {
  const wallStart = process.hrtime.bigint();
  const cpuStart = process.cpuUsage();
  let sink = 0;
  while (Number(process.hrtime.bigint() - wallStart) / 1e6 < ms)
    for (let i = 0; i < 1e5; i++) sink += Math.sqrt(i);
  const wallMs = Number(process.hrtime.bigint() - wallStart) / 1e6;
  const { user, system } = process.cpuUsage(cpuStart);
  return sink > 0 ? Math.min(1, (user + system) / 1000 / wallMs) : 0;
}

/** A worker's server, PostgreSQL and Chromium together hold up to ~1.5 GB. */
const WORKER_MEMORY_BYTES = 1.5 * 1024 ** 3;

/**
 * E2E_WORKERS if given; else two workers per core (the browser tests mostly wait: two workers kept less than half
 * a core busy), at most 4 and what the memory holds, but one per core when a busy loop gets less than 3/4 of a
 * core (a loaded or throttled runner, where the tests' own steps are CPU-bound).
 */
export function chooseE2eWorkers() {
  if (process.env.E2E_WORKERS)
    return { count: Math.max(1, Number(process.env.E2E_WORKERS)), reason: 'E2E_WORKERS' };
  const cores = os.availableParallelism();
  const byMemory = Math.max(1, Math.floor(os.totalmem() / WORKER_MEMORY_BYTES));
  const share = cpuShare();
  const perCore = share >= 0.75 ? 2 : 1;
  const count = Math.max(1, Math.min(4, cores * perCore, byMemory));
  return {
    count,
    reason: `${cores} núcleos, ${Math.round(share * 100)} % de um núcleo livre na calibração`,
    cores,
    cpuShare: Number(share.toFixed(2)),
  };
}
