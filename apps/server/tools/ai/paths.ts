import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const MODEL_FILE = join(REPO_ROOT, 'apps/server/src/features/detections/ai/model.json');
export const RESULTS_FILE = join(REPO_ROOT, 'bench/RESULTS.md');
/** Rendered-feature cache shared by ai:train, ai:tune and ai:eval (git-ignored). */
export const DATASET_CACHE_DIR = join(REPO_ROOT, '.tmp/detections-ai');

/**
 * Real imagery beside the repository (`../shared/testdata`, not in it), read by evaluations and benchmarks only
 * when it is there. `SHARED_TESTDATA` points elsewhere (e.g. from a git worktree).
 */
export type SharedTestdata = { found: true; dir: string } | { found: false; dir: string; reason: string };

export function sharedTestdata(): SharedTestdata {
  const dir = process.env.SHARED_TESTDATA ?? join(REPO_ROOT, '../shared/testdata');
  if (existsSync(dir)) return { found: true, dir };
  const shown = process.env.SHARED_TESTDATA ? dir : relative(REPO_ROOT, dir);
  return { found: false, dir, reason: `not run: ${shown} not found` };
}
