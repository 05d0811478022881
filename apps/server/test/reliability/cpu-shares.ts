import { readFileSync } from 'node:fs';
import os from 'node:os';

/** Linux's USER_HZ: /proc reports CPU times in these ticks per second. */
const TICKS_PER_SECOND = 100;

interface Reading {
  wallSeconds: number;
  /** Seconds of CPU the whole machine spent busy (all cores) and in all, from /proc/stat. */
  machineBusy: number;
  machineTotal: number;
  /** CPU seconds per process id, from /proc/<pid>/stat. */
  byPid: Map<number, number>;
}

/** The processes of one line of the table (a process, or PostgreSQL's backends of one database). */
export type ProcessGroups = Record<string, number[]>;

export interface CpuShares {
  /** Share of the machine's cores busy (all processes, other sessions' included), 0–1. */
  machineBusy: number;
  /** Cores used on average per group over the interval (1 = one core all the time). */
  cores: Record<string, number>;
}

function machineSeconds(): { busy: number; total: number } {
  const first = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const ticks = first.trim().split(/\s+/).slice(1).map(Number);
  const total = ticks.reduce((sum, value) => sum + value, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busy: (total - idle) / TICKS_PER_SECOND, total: total / TICKS_PER_SECOND };
}

function processSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

export function readCpu(groups: ProcessGroups): Reading {
  const byPid = new Map<number, number>();
  for (const pids of Object.values(groups))
    for (const pid of pids) {
      const seconds = processSeconds(pid);
      if (seconds !== undefined) byPid.set(pid, seconds);
    }
  const machine = machineSeconds();
  return {
    wallSeconds: performance.now() / 1000,
    machineBusy: machine.busy,
    machineTotal: machine.total,
    byPid,
  };
}

/** CPU used between two readings, per group; a process missing from either reading counts nothing. */
export function cpuBetween(before: Reading, after: Reading, groups: ProcessGroups): CpuShares {
  const wall = after.wallSeconds - before.wallSeconds;
  const cores: Record<string, number> = {};
  for (const [name, pids] of Object.entries(groups)) {
    let seconds = 0;
    for (const pid of pids) {
      const start = before.byPid.get(pid);
      const end = after.byPid.get(pid);
      if (start !== undefined && end !== undefined) seconds += end - start;
    }
    cores[name] = wall > 0 ? seconds / wall : 0;
  }
  const total = after.machineTotal - before.machineTotal;
  return { machineBusy: total > 0 ? (after.machineBusy - before.machineBusy) / total : 0, cores };
}

export const coreCount = () => os.cpus().length;
