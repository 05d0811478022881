import type { MessagePort } from 'node:worker_threads';
import { END_OF_MESSAGES, failureOf, type CpuTaskAnswer } from './cpu-protocol';
import type { demoTasks } from '../features/demo/demo-tasks';
import type { volumeTasks } from '../features/construction/volume/volume-tasks';
import type { notesExportTasks } from '../features/construction/notes-export-tasks';
import type { differenceTasks } from '../features/construction/difference/difference-tasks';
import type { portfolioTasks } from '../features/finance/portfolio-tasks';
import type { detectionsExportTasks } from '../features/detections-report/detections-export-tasks';
import type { geoExportTasks } from '../features/geo-export/geo-export-tasks';
import type { layerImportTasks } from '../features/layer-import/layer-import-tasks';
import type { detectionTasks } from '../features/detections/ai/detection-tasks';
import type { reportTasks } from '../features/environment/report/report-tasks';
import type { environmentTasks } from '../features/environment/environment-tasks';
import type { sceneTasks } from '../features/scenes/scene-tasks';
import type { timelapseTasks } from '../features/timelapse/timelapse-tasks';
import type { alignmentTasks } from '../features/scene-alignment/alignment-tasks';
import type { scheduledReportTasks } from '../features/scheduled-reports/report-tasks';
import type { vectorTileTasks } from '../features/layers/vector-tile-tasks';

/**
 * Everything the CPU pool's threads can run (cpu-pool.ts), by name. A task takes structured-cloneable input
 * (paths, numbers, plain objects, typed arrays) and a port to post messages on, and returns its output.
 * This module is loaded inside the threads; the server imports only its types.
 *
 * A thread loads a feature's task module the first time it runs one of its tasks, not at its start: a thread
 * that only draws timelapse frames never compiles the AI, the PDF reports or the demo imagery.
 */
export type CpuTasks = typeof demoTasks &
  typeof sceneTasks &
  typeof detectionTasks &
  typeof environmentTasks &
  typeof volumeTasks &
  typeof notesExportTasks &
  typeof differenceTasks &
  typeof reportTasks &
  typeof portfolioTasks &
  typeof detectionsExportTasks &
  typeof layerImportTasks &
  typeof geoExportTasks &
  typeof timelapseTasks &
  typeof alignmentTasks &
  typeof scheduledReportTasks &
  typeof vectorTileTasks;
export type CpuTaskName = keyof CpuTasks;
export type CpuTaskInput<N extends CpuTaskName> = Parameters<CpuTasks[N]>[0];
export type CpuTaskOutput<N extends CpuTaskName> = Awaited<ReturnType<CpuTasks[N]>>;

/** Each feature's task module, imported on first use (the import is then cached by the thread). */
const TASK_MODULES = {
  demo: () => import('../features/demo/demo-tasks').then((module) => module.demoTasks),
  scenes: () => import('../features/scenes/scene-tasks').then((module) => module.sceneTasks),
  detections: () =>
    import('../features/detections/ai/detection-tasks').then((module) => module.detectionTasks),
  environment: () =>
    import('../features/environment/environment-tasks').then((module) => module.environmentTasks),
  volume: () => import('../features/construction/volume/volume-tasks').then((module) => module.volumeTasks),
  notesExport: () =>
    import('../features/construction/notes-export-tasks').then((module) => module.notesExportTasks),
  difference: () =>
    import('../features/construction/difference/difference-tasks').then((module) => module.differenceTasks),
  environmentReport: () =>
    import('../features/environment/report/report-tasks').then((module) => module.reportTasks),
  portfolio: () => import('../features/finance/portfolio-tasks').then((module) => module.portfolioTasks),
  detectionsExport: () =>
    import('../features/detections-report/detections-export-tasks').then(
      (module) => module.detectionsExportTasks,
    ),
  layerImport: () =>
    import('../features/layer-import/layer-import-tasks').then((module) => module.layerImportTasks),
  geoExport: () => import('../features/geo-export/geo-export-tasks').then((module) => module.geoExportTasks),
  timelapse: () => import('../features/timelapse/timelapse-tasks').then((module) => module.timelapseTasks),
  alignment: () =>
    import('../features/scene-alignment/alignment-tasks').then((module) => module.alignmentTasks),
  scheduledReports: () =>
    import('../features/scheduled-reports/report-tasks').then((module) => module.scheduledReportTasks),
  vectorTiles: () => import('../features/layers/vector-tile-tasks').then((module) => module.vectorTileTasks),
};
type TaskModule = keyof typeof TASK_MODULES;
/** The modules that hold task `N` (exactly one). */
type ModuleOf<N extends CpuTaskName> = {
  [M in TaskModule]: N extends keyof Awaited<ReturnType<(typeof TASK_MODULES)[M]>> ? M : never;
}[TaskModule];

/** Which module holds each task: checked both ways by the compiler (every task listed, in its own module). */
const MODULE_OF_TASK: { [N in CpuTaskName]: ModuleOf<N> } = {
  prepareDemoSite: 'demo',
  renderDemoScene: 'demo',
  renderDemoDsm: 'demo',
  tileSceneFiles: 'scenes',
  readSceneForAi: 'detections',
  classifyLots: 'detections',
  detectEnvironmentChange: 'environment',
  checkElevationModel: 'volume',
  measureVolumeOnBytes: 'volume',
  measureVolume: 'volume',
  writeNotesExport: 'notesExport',
  dsmDifferenceLayer: 'difference',
  dsmDifferenceGeoTiff: 'difference',
  environmentReportPdf: 'environmentReport',
  readPortfolioFile: 'portfolio',
  writePortfolioFile: 'portfolio',
  writeDetectionsExport: 'detectionsExport',
  planLayerFile: 'layerImport',
  writeGeoExport: 'geoExport',
  composeTimelapseFrame: 'timelapse',
  encodeTimelapse: 'timelapse',
  estimateSceneAlignment: 'alignment',
  scheduledReportPdf: 'scheduledReports',
  cutVectorTiles: 'vectorTiles',
};

/** What a thread receives. */
export interface CpuTaskRequest {
  name: CpuTaskName;
  input: unknown;
  port: MessagePort;
}

type AnyTask = (input: unknown, port: MessagePort) => Promise<unknown>;

async function taskNamed(name: string): Promise<AnyTask> {
  const module = Object.hasOwn(MODULE_OF_TASK, name) ? MODULE_OF_TASK[name as CpuTaskName] : undefined;
  if (!module) throw new Error(`Tarefa desconhecida: ${name}`);
  const tasks: Record<string, unknown> = await TASK_MODULES[module]();
  return tasks[name] as AnyTask;
}

/** The threads' entry: runs the named task and answers with its output or its error. */
export async function runCpuTask(request: CpuTaskRequest): Promise<CpuTaskAnswer> {
  try {
    const task = await taskNamed(String(request.name));
    return { ok: true, value: await task(request.input, request.port) };
  } catch (error) {
    return { ok: false, failure: failureOf(error) };
  } finally {
    request.port.postMessage(END_OF_MESSAGES);
    request.port.close();
  }
}
