import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** What the server now holds anew for a project: its scenes (an ingest ended) or its lots' readings. */
export type ProjectChange = 'scenes' | 'lots';

/**
 * The query roots of every feature that shows a project's scenes or lots. A screen that learns of a change
 * (an ingest or an AI run it watched end, an import, an approval) invalidates all of them: the ones on screen
 * are read again at once, the others when they are next shown, so no screen keeps a cached, stale list.
 */
const ROOTS: Record<ProjectChange, readonly QueryKey[]> = {
  scenes: [['map', 'scenes'], ['environment', 'scenes'], ['allotment-analysis'], ['admin'], ['projects']],
  lots: [
    ['map', 'layers'],
    ['map', 'lot-statuses'],
    ['map', 'layer'],
    ['detections-history'],
    ['price', 'layers'],
    ['informations'],
    ['allotment-analysis'],
    ['admin'],
  ],
};

export function announceProjectChange(client: QueryClient, ...changes: ProjectChange[]): Promise<void> {
  const roots = new Map<string, QueryKey>();
  for (const change of changes) for (const root of ROOTS[change]) roots.set(JSON.stringify(root), root);
  return Promise.all([...roots.values()].map((queryKey) => client.invalidateQueries({ queryKey }))).then(
    () => undefined,
  );
}
