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
 * E2E_WORKERS if given; else one worker per core, as far as the memory holds. The browser tests are CPU-bound
 * (Chromium's software WebGL and compositing take ~70 % of their CPU): on an idle 2-core machine 4 workers kept the
 * load at 23-25 and 18 tests missed their time limits, with no gain in wall time. The calibration (the share of a
 * core a busy loop gets) goes into the run's record, so that its figures say how loaded the machine was.
 */
export function chooseE2eWorkers() {
  const share = Number(cpuShare().toFixed(2));
  if (process.env.E2E_WORKERS)
    return { count: Math.max(1, Number(process.env.E2E_WORKERS)), reason: 'E2E_WORKERS', cpuShare: share };
  const cores = os.availableParallelism();
  const byMemory = Math.max(1, Math.floor(os.totalmem() / WORKER_MEMORY_BYTES));
  const count = Math.max(1, Math.min(cores, byMemory));
  return {
    count,
    reason: `${cores} núcleos; ${Math.round(share * 100)} % de um núcleo livre na calibração`,
    cores,
    cpuShare: share,
  };
}
