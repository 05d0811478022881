import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Loaded into the benchmarked server with `--import` (after tsx): measures the server's own event loop, which the
 * machine's load hardly moves, unlike request latency. On each SIGUSR2 it prints one line
 * `[loop-probe] {...}` with what happened since the previous one, then starts over:
 *   - the event-loop delay (perf_hooks.monitorEventLoopDelay, 10 ms resolution) p50 / p99 / max in ms;
 *   - the CPU time of the main thread alone (process.threadCpuUsage), in ms;
 *   - the stalls: each time the loop was blocked ≥ 100 ms, when (ms since the previous line) and for how long.
 */

const STALL_MS = 100;
const TICK_MS = 20;
const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();

const threadCpu = (): NodeJS.CpuUsage => process.threadCpuUsage();
let since = performance.now();
let cpuSince = threadCpu();
let stalls: [number, number][] = [];

let expected = performance.now() + TICK_MS;
setInterval(() => {
  const now = performance.now();
  const late = now - expected;
  if (late >= STALL_MS) stalls.push([Math.round(expected - since), Math.round(late)]);
  expected = now + TICK_MS;
}, TICK_MS).unref();

const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e5) / 10;

process.on('SIGUSR2', () => {
  const cpu = process.threadCpuUsage(cpuSince);
  const line = {
    wallMs: Math.round(performance.now() - since),
    delayP50: ms(histogram.percentile(50)),
    delayP99: ms(histogram.percentile(99)),
    delayMax: ms(histogram.max),
    mainCpuMs: Math.round((cpu.user + cpu.system) / 1000),
    stalls,
  };
  console.log(`[loop-probe] ${JSON.stringify(line)}`);
  histogram.reset();
  since = performance.now();
  cpuSince = threadCpu();
  stalls = [];
});
