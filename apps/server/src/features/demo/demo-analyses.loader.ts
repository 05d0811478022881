import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../db/database';
import type { Services } from '../../services';
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

/**
 * Runs the real AI on the demo allotment's scenes once, so that a fresh demo opens on AI readings: waits (in
 * the background of the start-up) for the demo scenes' ingest jobs to end, then creates a published analysis
 * for each ready scene and sends them, oldest first, to the AI queue — the same `detections-process` jobs an
 * ADMIN's 'Processamento I.A' sends (each scene is read against the previous one's features). Their rows
 * replace the generator's ground truth of the same dates. Once per project (`analyses_queued_at`); a restart
 * before that resumes, and an analysis created but never sent is sent then.
 */
export async function queueDemoAnalyses(
  db: Db,
  services: Services,
  options: DemoAnalysesOptions,
): Promise<number> {
  const manifest = readDemoManifest(options.outDir);
  if (!manifest) return 0;
  const repo = createDemoRepo(db);
  const awaiting = await repo.allotmentsAwaitingDemoAnalyses();
  let queued = 0;
  for (const site of manifest.sites) {
    const projectId = awaiting.get(site.space);
    if (projectId === undefined) continue;
    const dates = site.scenes.map((scene) => scene.date);
    const scenes = await settledScenes(
      () => repo.scenesOn(projectId, dates),
      options.pollMs ?? 5_000,
      options.maxWaitMs ?? 3 * 60 * 60 * 1000,
    );
    if (!scenes) {
      options.log(
        'As imagens de demonstração não terminaram de ser processadas; análises de I.A não criadas.',
      );
      continue;
    }
    for (const scene of scenes) {
      if (scene.status !== 'ready') continue;
      if (scene.analysisId !== null && scene.processingState !== 'idle') continue;
      const analysisId =
        scene.analysisId ??
        (await services.analyses.create({ projectId, sceneId: scene.id, publishDetection: true })).id;
      await services.analyses.sendToProcessing([analysisId]);
      queued++;
    }
    await repo.markDemoAnalysesQueued(projectId);
  }
  return queued;
}
