import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { runCpuTask as runRealTask, type CpuTaskRequest } from '../src/cpu/cpu-tasks';
import type { ClassifyLotsInput } from '../src/features/detections/ai/detection-tasks';
import type { TileSceneFilesInput } from '../src/features/scenes/scene-tasks';

/**
 * The CPU pool's tasks as a test sees them: the real ones, except that tiling a scene whose original was sent
 * as `crash-always…` ends its thread every time, and one sent as `crash-once…` ends it the first time only;
 * reading the lots of a scene whose original has a `<original>.crash-ai` file beside it ends it every time.
 * Each crash appends a line to `<original>.crashes` before the thread exits.
 */
export const crashesOf = (originalPath: string): number =>
  existsSync(`${originalPath}.crashes`)
    ? readFileSync(`${originalPath}.crashes`, 'utf8').split('\n').length - 1
    : 0;

export async function runCpuTask(request: CpuTaskRequest) {
  if (request.name === 'tileSceneFiles') {
    const [first] = (request.input as TileSceneFilesInput).files;
    if (first) {
      const always = first.name.startsWith('crash-always');
      const once = first.name.startsWith('crash-once') && crashesOf(first.path) === 0;
      if (always || once) {
        appendFileSync(`${first.path}.crashes`, 'crash\n');
        process.exit(1);
      }
    }
  }
  if (request.name === 'classifyLots') {
    const { file } = (request.input as ClassifyLotsInput).scene;
    if (existsSync(`${file}.crash-ai`)) {
      appendFileSync(`${file}.crashes`, 'crash\n');
      process.exit(1);
    }
  }
  return runRealTask(request);
}
