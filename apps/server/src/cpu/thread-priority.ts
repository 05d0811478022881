import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** The niceness of the CPU pool's threads: below the HTTP event loop's (0), as a background job's. */
export const CPU_THREAD_NICENESS = 10;

/** The kernel's id of the calling thread (Linux: /proc/thread-self → `<pid>/task/<tid>`), or null elsewhere. */
export function kernelThreadId(): number | null {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/**
 * Lowers the calling thread's CPU priority (Linux lets a thread have its own niceness; threads it starts
 * inherit it). The pool's threads call it once: on a machine with few cores and other work, the scheduler then
 * gives the HTTP event loop its few milliseconds per request before the tiling, AI or PDF work, instead of
 * sharing the cores evenly and letting a cheap request wait behind a time slice of heavy work. Elsewhere (or
 * when the system refuses) nothing changes.
 */
export function lowerThisThreadPriority(niceness = CPU_THREAD_NICENESS): boolean {
  const tid = kernelThreadId();
  if (tid === null) return false;
  try {
    setPriority(tid, niceness);
    return true;
  } catch {
    return false;
  }
}

/** Image-library threads (libvips, started by sharp from whatever thread first ran it): heavy work only. */
const BACKGROUND_THREAD_NAMES = new Set(['libvips worker']);

/**
 * Lowers the priority of this process's libvips threads, which sharp starts from the libuv thread pool (at
 * the event loop's priority) rather than from the pool's threads. Returns how many were lowered now.
 */
export function lowerImageLibraryThreads(niceness = CPU_THREAD_NICENESS): number {
  let lowered = 0;
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return 0;
  }
  for (const tid of tids) {
    try {
      const name = readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();
      if (!BACKGROUND_THREAD_NAMES.has(name) || getPriority(Number(tid)) >= niceness) continue;
      setPriority(Number(tid), niceness);
      lowered++;
    } catch {
      // the thread ended meanwhile, or the system refuses: it keeps its priority
    }
  }
  return lowered;
}
