import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { generateDemoImagery, type DemoManifest, type SceneManifestEntry } from '@mirante/demo/demo-imagery';
import type { Services } from '../../services';
import { createDemoRepo } from './demo.repo';
import { loadDemoConstruction } from './demo-construction.loader';
import type { Db } from '../../db/database';

export interface DemoImageryOptions {
  /** Where the generated GeoTIFFs are kept between starts. */
  outDir: string;
  /** 1 renders at native resolution; smaller values render faster, coarser scenes (tests). */
  scale: number;
  log: (message: string) => void;
}

/** The manifest of the rendered demo scenes, or null before they were rendered. */
export function readDemoManifest(outDir: string): DemoManifest | null {
  const file = path.join(outDir, 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as DemoManifest) : null;
}

/**
 * Renders the demo scenes (once; they are kept in `outDir`) and queues each one for ingest through the same
 * pipeline a customer's upload goes through as soon as it is rendered, once per project: projects that have
 * scenes, or had their demo scenes queued before (an ADMIN may have deleted them since), are left alone. A first
 * start cut short while rendering (no manifest yet) renders again on the next start, which queues only the
 * scenes the cut start had not queued.
 */
export async function loadDemoImagery(
  db: Db,
  services: Services,
  options: DemoImageryOptions,
): Promise<number> {
  const repo = createDemoRepo(db);
  const projectsBySpace = await repo.projectsAwaitingDemoImagery();
  if (projectsBySpace.size === 0) return 0;

  // A scene is queued for ingest once: as soon as it is rendered on a first start, from the manifest after. The
  // scenes a start cut short had queued are the project's scenes on the demo dates.
  const ingested = new Map<string, { sceneId: number; file: string }[]>();
  const queuedBefore = new Map<number, Map<string, number>>();
  for (const projectId of projectsBySpace.values())
    queuedBefore.set(projectId, await repo.sceneIdsByDate(projectId));
  let queued = 0;
  const ingest = async (space: string, scene: SceneManifestEntry): Promise<void> => {
    const projectId = projectsBySpace.get(space);
    if (projectId === undefined) return;
    const site = ingested.get(space) ?? [];
    ingested.set(space, site);
    if (site.some((done) => done.file === scene.file)) return;
    const earlier = queuedBefore.get(projectId)?.get(scene.date);
    if (earlier !== undefined) {
      site.push({ sceneId: earlier, file: scene.file });
      return;
    }
    await repo.markDemoImageryStarted(projectId);
    const row = await services.scenes.ingestLocalFile({
      projectId,
      date: scene.date,
      filePath: path.join(options.outDir, scene.file),
      cloud: scene.cloud,
      precision: scene.precision,
      publish: true,
      modelPath: scene.model3d ? path.join(options.outDir, scene.model3d) : null,
    });
    site.push({ sceneId: row.id, file: scene.file });
    queued++;
  };

  let manifest = readDemoManifest(options.outDir);
  if (!manifest) {
    options.log('Gerando as imagens de demonstração (uma vez)…');
    // The scenes render on the CPU pool's threads, never on the event loop that answers HTTP; each one is
    // queued for ingest as soon as it is rendered, so the map shows them one by one.
    manifest = await generateDemoImagery({
      outDir: options.outDir,
      scale: options.scale,
      workers: services.cpu.threads,
      prepareSite: (site) => services.cpu.run('prepareDemoSite', site),
      renderJob: (job) => services.cpu.run('renderDemoScene', job),
      onScene: (scene) => ingest(scene.space, scene),
    });
    options.log(`Imagens de demonstração geradas em ${Math.round(manifest.totalMs / 1000)} s.`);
  }

  for (const site of manifest.sites) {
    const projectId = projectsBySpace.get(site.space);
    if (projectId === undefined) continue;
    for (const scene of site.scenes) await ingest(site.space, scene);
    // The site's scenes in date order (the manifest's), whatever order their renders finished in.
    const done = ingested.get(site.space) ?? [];
    const inOrder = site.scenes.flatMap((scene, index) => {
      const found = done.find((entry) => entry.file === scene.file);
      return found ? [{ sceneId: found.sceneId, index }] : [];
    });
    if (site.key === 'construction') await loadDemoConstruction(db, services, projectId, inOrder);
    await repo.markDemoImageryLoaded(projectId);
  }
  return queued;
}
