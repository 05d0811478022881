import type { MessagePort } from 'node:worker_threads';
import { prepareDemoSite, renderSceneJob } from '@mirante/demo/demo-imagery';
import { constructionDsm } from '@mirante/demo/elevation-model';
import { END_OF_MESSAGES, failureOf, type CpuTaskAnswer } from './cpu-protocol';
import { volumeTasks } from '../features/construction/volume/volume-tasks';
import { notesExportTasks } from '../features/construction/notes-export-tasks';
import { differenceTasks } from '../features/construction/difference/difference-tasks';
import { portfolioTasks } from '../features/finance/portfolio-tasks';
import { detectionsExportTasks } from '../features/detections-report/detections-export-tasks';
import { geoExportTasks } from '../features/geo-export/geo-export-tasks';
import { layerImportTasks } from '../features/layer-import/layer-import-tasks';
import { detectionTasks } from '../features/detections/ai/detection-tasks';
import { reportTasks } from '../features/environment/report/report-tasks';
import { environmentTasks } from '../features/environment/environment-tasks';
import { sceneTasks } from '../features/scenes/scene-tasks';
import { timelapseTasks } from '../features/timelapse/timelapse-tasks';
import { alignmentTasks } from '../features/scene-alignment/alignment-tasks';
import { scheduledReportTasks } from '../features/scheduled-reports/report-tasks';

/**
 * Everything the CPU pool's threads can run (cpu-pool.ts), by name. A task takes structured-cloneable input
 * (paths, numbers, plain objects, typed arrays) and a port to post messages on, and returns its output.
 * This module is loaded inside the threads; the server imports only its types.
 */
export const CPU_TASKS = {
  prepareDemoSite: (input: Parameters<typeof prepareDemoSite>[0]) => prepareDemoSite(input),
  renderDemoScene: (input: Parameters<typeof renderSceneJob>[0]) => renderSceneJob(input),
  renderDemoDsm: (phase: number) => constructionDsm(phase),
  ...sceneTasks,
  ...detectionTasks,
  ...environmentTasks,
  ...volumeTasks,
  ...notesExportTasks,
  ...differenceTasks,
  ...reportTasks,
  ...portfolioTasks,
  ...detectionsExportTasks,
  ...layerImportTasks,
  ...geoExportTasks,
  ...timelapseTasks,
  ...alignmentTasks,
  ...scheduledReportTasks,
};

export type CpuTasks = typeof CPU_TASKS;
export type CpuTaskName = keyof CpuTasks;
export type CpuTaskInput<N extends CpuTaskName> = Parameters<CpuTasks[N]>[0];
export type CpuTaskOutput<N extends CpuTaskName> = Awaited<ReturnType<CpuTasks[N]>>;

/** What a thread receives. */
export interface CpuTaskRequest {
  name: CpuTaskName;
  input: unknown;
  port: MessagePort;
}

type AnyTask = (input: unknown, port: MessagePort) => Promise<unknown>;

/** The threads' entry: runs the named task and answers with its output or its error. */
export async function runCpuTask(request: CpuTaskRequest): Promise<CpuTaskAnswer> {
  const task = CPU_TASKS[request.name] as AnyTask | undefined;
  try {
    if (!task) throw new Error(`Tarefa desconhecida: ${String(request.name)}`);
    return { ok: true, value: await task(request.input, request.port) };
  } catch (error) {
    return { ok: false, failure: failureOf(error) };
  } finally {
    request.port.postMessage(END_OF_MESSAGES);
    request.port.close();
  }
}
