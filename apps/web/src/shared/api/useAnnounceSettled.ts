import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { announceProjectChange, type ProjectChange } from './projectData';

export interface JobWatch<T> {
  idOf(item: T): number;
  /** The job's state as the list shows it ('queued', 'processing', 'done', 'failed'…). */
  stateOf(item: T): string;
  /** States in which the job has written what it will write. */
  settled: readonly string[];
  changes: readonly ProjectChange[];
  /** Jobs the screen itself just started (an upload): a first reading already settled is news too. */
  fresh?: boolean;
}

/**
 * Watches a polled list of jobs (ingests, AI runs): when a job is seen in a settled state it was not in at the
 * previous reading (from running, or from not being listed yet: a quick job may start and end between two
 * polls), the change it made is announced to every screen (`announceProjectChange`). Unless `fresh`, the
 * first reading announces nothing: what was already settled is what the other screens already read.
 */
export function useAnnounceSettled<T>(items: readonly T[] | null | undefined, watch: JobWatch<T>): void {
  const client = useQueryClient();
  const previous = useRef<Map<number, string> | null>(null);
  useEffect(() => {
    if (!items) return;
    const { idOf, stateOf, settled, changes, fresh } = watch;
    const now = new Map(items.map((item) => [idOf(item), stateOf(item)]));
    const before = previous.current ?? (fresh ? new Map<number, string>() : null);
    previous.current = now;
    if (!before) return;
    const newlySettled = [...now].some(([id, state]) => settled.includes(state) && before.get(id) !== state);
    if (newlySettled) void announceProjectChange(client, ...changes);
    // A new `watch` object with the same list reads the same states again: nothing is newly settled.
  }, [items, client, watch]);
}
