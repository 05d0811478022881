import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATASET_CACHE_DIR, REPO_ROOT } from './paths';
import { REAL_SETS, realSetCells, type RealCell } from './real-sets';
import { sourceFingerprint } from './training-data';

/**
 * Every labelled cell of the real sets found in `testdataDir` (../shared/testdata), cached in .tmp like the
 * rendered demo scenes (keyed on the feature code and real-sets.ts). Sets missing from the folder are absent.
 */
export async function loadRealCells(
  testdataDir: string,
  log: (line: string) => void = () => undefined,
): Promise<RealCell[]> {
  const fingerprint = createHash('sha256')
    .update(sourceFingerprint(0))
    .update(readFileSync(join(REPO_ROOT, 'apps/server/tools/ai/real-sets.ts')))
    .update(readFileSync(join(REPO_ROOT, 'apps/server/src/features/detections/ai/texture-words.ts')))
    .update(testdataDir)
    .digest('hex')
    .slice(0, 16);
  const cacheFile = join(DATASET_CACHE_DIR, `real-${fingerprint}.json`);
  if (existsSync(cacheFile)) return JSON.parse(readFileSync(cacheFile, 'utf8')) as RealCell[];
  const cells: RealCell[] = [];
  for (const set of REAL_SETS) {
    const found = await realSetCells(testdataDir, set.name);
    log(`${set.name}: ${found ? `${found.length} labelled cells` : 'not found'}`);
    cells.push(...(found ?? []));
  }
  mkdirSync(DATASET_CACHE_DIR, { recursive: true });
  writeFileSync(cacheFile, JSON.stringify(cells));
  return cells;
}
