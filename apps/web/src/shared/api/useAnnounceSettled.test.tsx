import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useAnnounceSettled, type JobWatch } from './useAnnounceSettled';

interface Job {
  id: number;
  state: string;
}

/** A client holding the map's scenes and layers of project 7, both fresh. */
function seededClient() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(['map', 'scenes', 7], []);
  client.setQueryData(['map', 'layers', 7], []);
  return client;
}

const invalidated = (client: QueryClient, key: readonly unknown[]) =>
  client.getQueryState(key)?.isInvalidated ?? false;

function watching(client: QueryClient, watch: JobWatch<Job>, first: Job[]) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(({ items }: { items: Job[] }) => useAnnounceSettled(items, watch), {
    wrapper,
    initialProps: { items: first },
  });
}

const aiRuns: JobWatch<Job> = {
  idOf: (job) => job.id,
  stateOf: (job) => job.state,
  settled: ['done', 'failed'],
  changes: ['lots'],
};

describe('useAnnounceSettled', () => {
  it("tells the map's lots when an AI run it saw running ends, and leaves the scenes alone", () => {
    const client = seededClient();
    const hook = watching(client, aiRuns, [{ id: 1, state: 'processing' }]);
    expect(invalidated(client, ['map', 'layers', 7])).toBe(false);
    hook.rerender({ items: [{ id: 1, state: 'done' }] });
    expect(invalidated(client, ['map', 'layers', 7])).toBe(true);
    expect(invalidated(client, ['map', 'scenes', 7])).toBe(false);
  });

  it('counts a run that started and ended between two readings', () => {
    const client = seededClient();
    const hook = watching(client, aiRuns, []);
    hook.rerender({ items: [{ id: 2, state: 'done' }] });
    expect(invalidated(client, ['map', 'layers', 7])).toBe(true);
  });

  it('says nothing of runs already settled at the first reading, nor of a list read again unchanged', () => {
    const client = seededClient();
    const hook = watching(client, aiRuns, [{ id: 1, state: 'done' }]);
    hook.rerender({ items: [{ id: 1, state: 'done' }] });
    expect(invalidated(client, ['map', 'layers', 7])).toBe(false);
  });

  it("an upload's own ingest found ready at once is news to the map's scenes", () => {
    const client = seededClient();
    watching(client, { ...aiRuns, settled: ['ready'], changes: ['scenes'], fresh: true }, [
      { id: 3, state: 'ready' },
    ]);
    expect(invalidated(client, ['map', 'scenes', 7])).toBe(true);
  });
});
