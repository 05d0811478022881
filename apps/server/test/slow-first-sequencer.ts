import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * API and process test files that take minutes (the process files start server processes of their own and kill
 * them on purpose), longest first: seconds of each in the whole API project at load 13–34, before the process
 * files had a project of their own ("npm test duration" in git history of bench/RESULTS.md). Each project keeps this order among
 * its own files.
 */
export const SLOW_API_FILES = [
  'test/process/crash-recovery.process.test.ts', // 180 s
  'test/process/integration-demo-server.process.test.ts', // 155 s
  'test/process/ingest-resume.process.test.ts', // 137 s
  'test/process/database-restart.process.test.ts', // 123 s
  'test/fuzz-admin.api.test.ts', // ~120 s (half of the 241 s fuzz.api.test.ts)
  'test/fuzz-user.api.test.ts', // ~120 s
  'test/process/external-database.process.test.ts', // 120 s
  'test/process/queued-scene-resume.process.test.ts', // 112 s
  'test/process/processing-resume.process.test.ts', // 112 s
  'test/process/initial-data.process.test.ts', // 88 s
  'src/features/environment/environment-processing.api.test.ts', // 81 s
  'src/features/scenes/scene-real-files.api.test.ts', // 78 s
  'test/tenancy.api.test.ts', // 64 s
  'src/features/detections/detections.api.test.ts', // 48 s
  'test/process-roles.api.test.ts', // 47 s
  'src/features/demo/demo-analyses.api.test.ts', // 46 s
];

const rank = (spec: TestSpecification): number =>
  SLOW_API_FILES.findIndex((file) => spec.moduleId.endsWith(`apps/server/${file}`));

/**
 * Vitest's order, but the files known to be slow first, longest first. With no results cache (CI's clean clone)
 * Vitest starts the largest files first, and these are small files: they ran last, so one worker was left with
 * minutes of them while the other had finished. Longest first lets the short files fill the gaps.
 */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const slow = sorted.filter((spec) => rank(spec) >= 0).sort((a, b) => rank(a) - rank(b));
    return [...slow, ...sorted.filter((spec) => rank(spec) < 0)];
  }
}
