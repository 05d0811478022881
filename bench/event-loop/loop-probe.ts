import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Loaded into the benchmarked server with `--import` (after tsx): measures the server's own event loop, which the
 * machine's load hardly moves, unlike request latency. On each SIGUSR2 it prints one line
 * `[loop-probe] {...}` with what happened since the previous one, then starts over:
 *   - the event-loop delay (perf_hooks.monitorEventLoopDelay, 10 ms resolution) p50 / p99 / max in ms;
 *   - the CPU time of the main thread alone (process.threadCpuUsage), in ms;
 *   - the stalls: each time the loop was blocked ≥ 100 ms, when (ms since the previous line) and for how long;
 *   - the longest turn: the most CPU time the main thread spent between two ticks of a 20 ms timer, in ms. A
 *     loaded machine makes the loop late without making it busier, so this, unlike the delay, is the length of
 *     the longest blocking work itself.
 */

const STALL_MS = 100;
const TICK_MS = 20;
const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();

const threadCpu = (): NodeJS.CpuUsage => process.threadCpuUsage();
let since = performance.now();
let cpuSince = threadCpu();
let stalls: [number, number][] = [];
let longestTurnUs = 0;

let expected = performance.now() + TICK_MS;
let cpuAtTick = threadCpu();
setInterval(() => {
  const now = performance.now();
  const late = now - expected;
  if (late >= STALL_MS) stalls.push([Math.round(expected - since), Math.round(late)]);
  expected = now + TICK_MS;
  const turn = process.threadCpuUsage(cpuAtTick);
  longestTurnUs = Math.max(longestTurnUs, turn.user + turn.system);
  cpuAtTick = threadCpu();
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
    longestTurnCpuMs: Math.round(longestTurnUs / 1000),
    stalls,
  };
  console.log(`[loop-probe] ${JSON.stringify(line)}`);
  histogram.reset();
  since = performance.now();
  cpuSince = threadCpu();
  stalls = [];
  longestTurnUs = 0;
});
