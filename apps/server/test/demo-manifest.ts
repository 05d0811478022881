import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEMO_SEED, renderSceneJob, type DemoManifest } from '@mirante/demo/demo-imagery';
import type { DemoSiteGenerator } from '@mirante/demo/demo-sites';
import type { Db } from '../src/db/database';

/**
 * Renders a demo site's scenes on `dates` at `scale` into a new temporary folder with the manifest the demo's
 * start-up loaders read (as `npm start`'s imagery generation writes it); returns the folder, the rendered scenes
 * and the site's project id.
 */
export async function renderDemoScenes(
  db: Db,
  site: DemoSiteGenerator,
  dates: readonly string[],
  scale: number,
): Promise<{ dir: string; scenes: DemoManifest['sites'][number]['scenes']; projectId: number }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `mirante-demo-${site.key}-`));
  const scenes = [];
  for (const date of dates)
    scenes.push(
      await renderSceneJob({
        site: site.key,
        dateIndex: site.dates.indexOf(date),
        outDir: dir,
        seed: DEMO_SEED,
        scale,
      }),
    );
  const manifest: DemoManifest = {
    seed: DEMO_SEED,
    epsg: scenes[0]!.epsg,
    totalMs: 0,
    sites: [{ key: site.key, space: site.space, layers: '', groundTruth: '', scenes }],
  };
  await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  const project = await db
    .selectFrom('projects')
    .select('id')
    .where('space', '=', site.space)
    .executeTakeFirstOrThrow();
  return { dir, scenes, projectId: project.id };
}
