import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { generateDemoImagery, type DemoManifest } from '@mirante/demo/demo-imagery';
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
 * pipeline a customer's upload goes through, once per project: projects that have scenes, or had their demo
 * scenes queued before (an ADMIN may have deleted them since), are left alone.
 */
export async function loadDemoImagery(
  db: Db,
  services: Services,
  options: DemoImageryOptions,
): Promise<number> {
  const repo = createDemoRepo(db);
  const projectsBySpace = await repo.projectsAwaitingDemoImagery();
  if (projectsBySpace.size === 0) return 0;

  let manifest = readDemoManifest(options.outDir);
  if (!manifest) {
    options.log('Gerando as imagens de demonstração (uma vez)…');
    // The scenes render on the CPU pool's threads, never on the event loop that answers HTTP.
    manifest = await generateDemoImagery({
      outDir: options.outDir,
      scale: options.scale,
      workers: services.cpu.threads,
      prepareSite: (site) => services.cpu.run('prepareDemoSite', site),
      renderJob: (job) => services.cpu.run('renderDemoScene', job),
    });
    options.log(`Imagens de demonstração geradas em ${Math.round(manifest.totalMs / 1000)} s.`);
  }

  let queued = 0;
  for (const site of manifest.sites) {
    const projectId = projectsBySpace.get(site.space);
    if (projectId === undefined) continue;
    const ingested: { sceneId: number; index: number }[] = [];
    for (const [index, scene] of site.scenes.entries()) {
      const row = await services.scenes.ingestLocalFile({
        projectId,
        date: scene.date,
        filePath: path.join(options.outDir, scene.file),
        cloud: scene.cloud,
        precision: scene.precision,
        publish: true,
        modelPath: scene.model3d ? path.join(options.outDir, scene.model3d) : null,
      });
      ingested.push({ sceneId: row.id, index });
      queued++;
    }
    if (site.key === 'construction') await loadDemoConstruction(db, services, projectId, ingested);
    await repo.markDemoImageryLoaded(projectId);
  }
  return queued;
}
