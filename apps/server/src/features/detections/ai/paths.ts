import { fileURLToPath } from 'node:url';

const at = (relative: string): string => fileURLToPath(new URL(relative, import.meta.url));

export const REPO_ROOT = at('../../../../../../');
export const MODEL_FILE = at('./model.json');
export const RESULTS_FILE = at('../../../../../../bench/RESULTS.md');
/** Rendered-feature cache shared by ai:train and ai:eval (git-ignored). */
export const DATASET_CACHE_DIR = at('../../../../../../.tmp/detections-ai');
export const TESTDATA_DIR = at('../../../../../../../shared/testdata');
