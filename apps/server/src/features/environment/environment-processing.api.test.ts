import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { area as turfArea, feature, featureCollection, intersect } from '@turf/turf';
import { demoSite } from '@mirante/demo/demo-sites';
import type { EnvironmentTruth } from '@mirante/demo/environment-site';
import { writeGeoTiffFile } from '@mirante/demo/geotiff-writer';
import { renderWhole } from '@mirante/demo/scene-raster';
import { DEMO_SITES } from '@mirante/demo/sites';
import type { EnvironmentFeature } from '@mirante/shared';
import type { Polygon } from 'geojson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';

let ctx: TestContext;
let admin: string;
let projectId: number;

/** Demo scenes at 2 m as GeoTIFFs in SIRGAS 2000 / UTM 22S, where storage keeps the scene originals. */
async function storeDemoScene(date: string): Promise<number> {
  const site = await demoSite('environment', 2025);
  const sceneId = await factories(ctx).buildScene(projectId, { date });
  const { originalKey } = await ctx.db
    .selectFrom('scenes')
    .select('originalKey')
    .where('id', '=', sceneId)
    .executeTakeFirstOrThrow();
  const scene = site.render(site.dates.indexOf(date), 2);
  const rgb = renderWhole(scene);
  const file = path.join(ctx.config.storageDir, originalKey);
  mkdirSync(path.dirname(file), { recursive: true });
  const { frame } = scene;
  writeGeoTiffFile(file, frame, (a, b) => rgb.subarray(a * frame.width * 3, b * frame.width * 3), {
    epsg: 31982,
    compression: 'deflate',
    rowsPerStrip: 16,
  });
  return sceneId;
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin@mirante.app.br');
  const project = await factories(ctx).buildProject({
    projectType: 'ENVIRONMENT',
    delimiter: DEMO_SITES.environment.outline,
  });
  projectId = project.id;
});

afterAll(async () => {
  await ctx?.close();
});

describe('Nova Análise runs the detector on the two stored scenes', { timeout: 120_000 }, () => {
  it('proposes the demo clearing between 01/07/2025 and 01/11/2025 as a pending DEFO (IoU ≥ 0.7 with the truth)', async () => {
    const before = await storeDemoScene('2025-07-01');
    const after = await storeDemoScene('2025-11-01');
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/project/${projectId}/environment-detect`,
      headers: bearer(admin),
      payload: { before_scene_id: before, after_scene_id: after },
    });
    const { id } = response.json<{ id: number }>();
    await ctx.services.analyses.whenIdle();
    const analysis = await ctx.db
      .selectFrom('detections')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(analysis).toMatchObject({ processingState: 'done', processingError: null });

    const features = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/project/${projectId}/features/${id}`,
        headers: bearer(admin),
      })
    ).json<EnvironmentFeature[]>();
    const truth = ((await demoSite('environment', 2025)).groundTruth() as EnvironmentTruth[]).find(
      (t) => t.type === 'DEFO' && t.beforeDate === '2025-07-01',
    );
    const defo = features.filter((f) => f.type === 'DEFO');
    expect(defo).toHaveLength(1);
    expect(defo[0]).toMatchObject({ source: 'ai', review_status: 'pending', layer_id: null });
    expect(defo[0]?.description).toContain('Perda de vegetação detectado entre 01/07/2025 e 01/11/2025');
    const shared = intersect(
      featureCollection([feature(defo[0]?.geojson as Polygon), feature(truth?.geometry as Polygon)]),
    );
    const overlap = shared ? turfArea(shared) : 0;
    const union = turfArea(defo[0]?.geojson as Polygon) + turfArea(truth?.geometry as Polygon) - overlap;
    expect(overlap / union).toBeGreaterThanOrEqual(0.7);
  });
});
