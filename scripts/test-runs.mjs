// Where each `npm test` run leaves its figures: test-results/runs/<start time>/ (git-ignored).
import { readdirSync } from 'node:fs';
import path from 'node:path';

export const runsFolder = (root) => path.join(root, 'test-results', 'runs');

/** The folder of a run started at `date`: its ISO time, with ':' replaced so that every file system takes it. */
export const runFolder = (root, date) => path.join(runsFolder(root), date.toISOString().replace(/:/g, '-'));

/** The newest run's folder, or undefined when no run left one. */
export function latestRun(root) {
  let names;
  try {
    names = readdirSync(runsFolder(root));
  } catch {
    return undefined;
  }
  const newest = names.sort().at(-1);
  return newest === undefined ? undefined : path.join(runsFolder(root), newest);
}
