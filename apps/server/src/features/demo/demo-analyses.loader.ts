import { setTimeout as sleep } from 'node:timers/promises';
import { environmentDemoPair } from '@mirante/demo/environment-detections';
import type { Db } from '../../db/database';
import type { Services } from '../../services';
import { DEFAULT_DETECTOR_SETTINGS } from '../environment';
import { createDemoRepo } from './demo.repo';
import { readDemoManifest } from './demo-imagery.loader';

export interface DemoAnalysesOptions {
  /** Where the rendered demo scenes and their manifest are. */
  outDir: string;
  log: (message: string) => void;
  /** How often to look whether the demo scenes' ingests have ended. */
  pollMs?: number;
  /** Gives up after this long: a stuck ingest must not keep the loop alive for ever. */
  maxWaitMs?: number;
}

type DemoScene = Awaited<ReturnType<ReturnType<typeof createDemoRepo>['scenesOn']>>[number];

const settled = (scene: DemoScene) => scene.status === 'ready' || scene.status === 'failed';

/** The scenes once none of them is queued or being ingested; null when that took longer than `maxWaitMs`. */
async function settledScenes(
  read: () => Promise<DemoScene[]>,
  pollMs: number,
  maxWaitMs: number,
): Promise<DemoScene[] | null> {
  const deadline = Date.now() + maxWaitMs;
  for (;;) {
    const scenes = await read();
    if (scenes.every(settled)) return scenes;
    if (Date.now() > deadline) return null;
    await sleep(pollMs);
  }
}

/** The allotment's AI on each ready scene, oldest first (each is read against the previous one's features). */
async function queueEachScene(services: Services, projectId: number, scenes: DemoScene[]): Promise<number> {
  let queued = 0;
  for (const scene of scenes) {
    if (scene.status !== 'ready') continue;
    if (scene.analysisId !== null && scene.processingState !== 'idle') continue;
    const analysisId =
      scene.analysisId ??
      (await services.analyses.create({ projectId, sceneId: scene.id, publishDetection: true })).id;
    await services.analyses.sendToProcessing([analysisId]);
    queued++;
  }
  return queued;
}

/**
 * The environment detector on the demo pair, queued as 'Nova Análise' queues it (an analysis of the after scene
 * with its before scene, not published): the proposals wait for an ADMIN to approve or reject them.
 */
async function queueComparison(services: Services, projectId: number, scenes: DemoScene[]): Promise<number> {
  const before = scenes[0];
  const after = scenes.at(-1);
  if (before?.status !== 'ready' || after?.status !== 'ready' || before.id === after.id) return 0;
  if (after.analysisId !== null) {
    if (after.processingState !== 'idle') return 0;
    await services.analyses.sendToProcessing([after.analysisId]);
    return 1;
  }
  await services.analyses.queueComparison({
    projectId,
    beforeSceneId: before.id,
    afterSceneId: after.id,
    minAreaM2: DEFAULT_DETECTOR_SETTINGS.minAreaM2,
  });
  return 1;
}

/**
 * Runs the real AI on the demo's scenes once, so that a fresh demo opens on AI readings: waits (in the background
 * of the start-up) for the demo scenes' ingest jobs to end, then, on the demo allotment, creates a published
 * analysis for each ready scene and sends them, oldest first, to the AI queue — the same `detections-process`
 * jobs an ADMIN's 'Processamento I.A' sends; their rows replace the generator's ground truth of the same dates.
 * On the environment project it runs the change detector on one pair of scenes (`environmentDemoPair`), the
 * job 'Nova Análise' sends. Once per project (`analyses_queued_at`); a restart before that resumes, and an
 * analysis created but never sent is sent then.
 */
export async function queueDemoAnalyses(
  db: Db,
  services: Services,
  options: DemoAnalysesOptions,
): Promise<number> {
  const manifest = readDemoManifest(options.outDir);
  if (!manifest) return 0;
  const repo = createDemoRepo(db);
  const awaiting = await repo.projectsAwaitingDemoAnalyses();
  let queued = 0;
  for (const site of manifest.sites) {
    const project = awaiting.get(site.space);
    if (project === undefined) continue;
    const environment = project.projectType === 'ENVIRONMENT';
    const dates = site.scenes.map((scene) => scene.date);
    const scenes = await settledScenes(
      () => repo.scenesOn(project.id, environment ? (environmentDemoPair(dates) ?? []) : dates),
      options.pollMs ?? 5_000,
      options.maxWaitMs ?? 3 * 60 * 60 * 1000,
    );
    if (!scenes) {
      options.log(
        'As imagens de demonstração não terminaram de ser processadas; análises de I.A não criadas.',
      );
      continue;
    }
    queued += environment
      ? await queueComparison(services, project.id, scenes)
      : await queueEachScene(services, project.id, scenes);
    await repo.markDemoAnalysesQueued(project.id);
  }
  return queued;
}
