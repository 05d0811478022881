import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { area as turfArea, feature, featureCollection, intersect } from '@turf/turf';
import { demoSite } from '@mirante/demo/demo-sites';
import type { EnvironmentTruth } from '@mirante/demo/environment-site';
import { writeGeoTiffFile } from '@mirante/demo/geotiff-writer';
import { renderWhole } from '@mirante/demo/scene-raster';
import { DEMO_SITES } from '@mirante/demo/sites';
import type { EnvironmentFeature } from '@mirante/shared';
import type { Polygon } from 'geojson';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories';
import { pdfImages, pdfText } from '../../../test/pdf-inspect';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';

let ctx: TestContext;
let admin: string;
let projectId: number;
let detectId: number;
let proposal: EnvironmentFeature;

const get = (url: string) => ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(admin) });

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
  await ctx.db.updateTable('projects').set({ hasReport: true }).where('id', '=', projectId).execute();
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
    expect(defo[0]?.description).toContain('Perda de vegetação detectada entre 01/07/2025 e 01/11/2025');
    expect(defo[0]?.description).toMatch(/ExG − ExR -?\d,\d\d → -?\d,\d\d; confiança \d+%/);
    const shared = intersect(
      featureCollection([feature(defo[0]?.geojson as Polygon), feature(truth?.geometry as Polygon)]),
    );
    const overlap = shared ? turfArea(shared) : 0;
    const union = turfArea(defo[0]?.geojson as Polygon) + turfArea(truth?.geometry as Polygon) - overlap;
    expect(overlap / union).toBeGreaterThanOrEqual(0.7);
    detectId = id;
    proposal = defo[0] as EnvironmentFeature;
  });

  it('keeps a before and an after preview PNG of each proposal, with the polygon drawn, hidden from another customer', async () => {
    expect(proposal.has_previews).toBe(true);
    const pixels: Buffer[] = [];
    for (const side of ['before', 'after']) {
      const response = await get(`/project/${projectId}/features/${detectId}/${proposal.id}/preview/${side}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      const { data, info } = await sharp(response.rawPayload).raw().toBuffer({ resolveWithObject: true });
      expect(Math.max(info.width, info.height)).toBe(320);
      pixels.push(data);
    }
    // The clearing: green before, bare after, so the two previews differ.
    expect(Buffer.compare(pixels[0] as Buffer, pixels[1] as Buffer)).not.toBe(0);
    const missing = await get(`/project/${projectId}/features/${detectId}/${proposal.id}/preview/later`);
    expect(missing.statusCode).toBe(422);
    const make = factories(ctx);
    const stranger = await make.signIn(
      await make.buildUser('MANAGER', ['environment.map', 'environment.analysis']),
    );
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/project/${projectId}/features/${detectId}/${proposal.id}/preview/before`,
      headers: bearer(stranger),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('draws the approved detection on both scenes and a map in the report PDF, with its area and totals', async () => {
    const review = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/project/${projectId}/detect/${detectId}/feature/${proposal.id}/review`,
      headers: bearer(admin),
      payload: { action: 'approve' },
    });
    expect(review.statusCode).toBe(200);
    const response = await get(`/project/${projectId}/detect/${detectId}/report`);
    expect(response.statusCode).toBe(200);
    const images = await pdfImages(response.rawPayload);
    // Before, after (the scenes at up to 900 px) and the map.
    expect(images).toHaveLength(3);
    expect(images.filter((image) => Math.max(image.width, image.height) === 900)).toHaveLength(2);
    const text = await pdfText(response.rawPayload);
    const m2 = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 }).format(proposal.area);
    const ha = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      proposal.area / 10_000,
    );
    expect(text).toContain('Desmatamento');
    expect(text).toContain(`${m2} m²`);
    expect(text).toContain(`${ha} ha`);
    expect(text).toMatch(/Aprovado por: \S/);
    expect(text).toContain('Antes (01/07/2025)');
    expect(text).toContain('Depois (01/11/2025)');
    if (process.env.REPORT_PDF_OUT) writeFileSync(process.env.REPORT_PDF_OUT, response.rawPayload);
  });
});
