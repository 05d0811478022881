import { readFileSync, readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * Threads that keep the process's own niceness: the event loop that answers HTTP, V8's platform threads (its
 * garbage collection and compilation helpers, which the event loop waits on) and libuv's pool (file reads of the
 * tiles being served). Linux names a thread by its first 15 characters.
 */
const FOREGROUND_THREADS = new Set([
  'MainThread',
  'node',
  'V8Worker',
  'DelayedTaskSche',
  'SignalInspector',
  'libuv-worker',
]);

const TASKS = '/proc/self/task';

function threadName(tid: string): string {
  try {
    return readFileSync(`${TASKS}/${tid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/** Raises (never lowers) the niceness of every background thread to `niceness`; returns how many it changed. */
export function niceBackgroundThreads(niceness: number): number {
  let changed = 0;
  let tids: string[];
  try {
    tids = readdirSync(TASKS);
  } catch {
    return 0; // not Linux: threads cannot be niced one by one
  }
  for (const tid of tids) {
    if (Number(tid) === process.pid || FOREGROUND_THREADS.has(threadName(tid))) continue;
    try {
      if (getPriority(Number(tid)) >= niceness) continue;
      setPriority(Number(tid), niceness);
      changed++;
    } catch {
      // The thread ended meanwhile.
    }
  }
  return changed;
}

/**
 * The heavy work's threads (the CPU pool's workers, libvips's, fonts') at a lower priority than the event loop,
 * checked every `intervalMs` because pools start their threads on demand: on a machine whose cores the heavy work
 * fills, the loop still gets a core the moment a request arrives, and when nothing else runs the heavy work keeps
 * every core. 0 leaves every thread as it is. Returns the function that stops the checks.
 */
export function keepBackgroundThreadsNiced(niceness: number, intervalMs = 1000): () => void {
  if (niceness <= 0) return () => undefined;
  niceBackgroundThreads(niceness);
  const timer = setInterval(() => niceBackgroundThreads(niceness), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
