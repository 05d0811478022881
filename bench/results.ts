import path from 'node:path';
import { writeResultsSection } from '../apps/server/tools/ai/results-section';

/** `bench/RESULTS.md`, where each bench keeps its own marked section. */
export const RESULTS_FILE = path.join(import.meta.dirname, 'RESULTS.md');

/** Replaces the bench's section (`<!-- key:start -->` … `<!-- key:end -->`) of `bench/RESULTS.md`. */
export function writeBenchResults(key: string, body: string): void {
  writeResultsSection(RESULTS_FILE, key, body);
}
