import { DEMO_SEED } from '@mirante/demo/demo-imagery';
import { demoSite, type DemoSiteKey } from '@mirante/demo/demo-sites';
import type { GroundTruthRecord } from '@mirante/demo/lot-timeline';
import type { Db } from '../../db/database';
import type { LayerImportService, NewStatus } from '../layers';

const SITES: DemoSiteKey[] = ['allotment', 'environment', 'construction'];

async function projectIdsBySpace(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('projects').select(['id', 'space']).execute();
  return new Map(rows.map((row) => [row.space, row.id]));
}

/**
 * Loads the demo sites' layers (lots, blocks, stages, streets' sidewalks, green areas, APP, streams, networks,
 * and the environment analyses' REFO/DEFO polygons) into the demo projects that have no layer yet; idempotent.
 * The layers come from the same generator that renders the demo scenes, so they sit exactly on the imagery.
 *
 * Analysis-type layers (REFO/DEFO, with their compared scenes' dates) are also added to a demo project that
 * already has its other layers but not these (a database loaded before they existed); they are matched by
 * source key, so nothing is loaded twice.
 *
 * Lot status history: the generator's ground truth is written with source 'demo-ground-truth' (no confidence),
 * so the demo map shows lots coloured by status before any AI run. The AI replaces these rows with
 * its own detections ('ai'); they are never mixed up because every row carries its source.
 */
export async function loadDemoLayers(db: Db, layers: LayerImportService): Promise<number> {
  const projects = await projectIdsBySpace(db);
  let loaded = 0;
  for (const key of SITES) {
    const site = await demoSite(key, DEMO_SEED);
    const projectId = projects.get(site.space);
    if (projectId === undefined) continue;
    const fresh = !(await layers.hasLayers(projectId));
    const existing = fresh ? new Set<string>() : await layers.sourceKeys(projectId);
    const features = site
      .layers()
      .features.map((feature, index) => ({
        feature,
        sourceKey:
          feature.properties.lotKey ?? feature.properties.sourceKey ?? `${feature.properties.type}:${index}`,
      }))
      .filter(
        ({ feature, sourceKey }) =>
          fresh || (feature.properties.detect_before_date !== undefined && !existing.has(sourceKey)),
      );
    if (features.length === 0) continue;
    const ids = await layers.importLayers(
      projectId,
      features.map(({ feature, sourceKey }) => ({
        type: feature.properties.type,
        name: feature.properties.name,
        block: feature.properties.block ?? null,
        stage: feature.properties.stage ?? null,
        customerCode: feature.properties.customer_code ?? null,
        tagValue: feature.properties.tag_value ?? null,
        sourceKey,
        startVisible: feature.properties.type !== 'CALCADA',
        categoryName: feature.properties.category_name ?? null,
        categoryColor: feature.properties.category_color ?? null,
        rect: feature.properties.rect ?? null,
        detectBeforeDate: feature.properties.detect_before_date ?? null,
        detectAfterDate: feature.properties.detect_after_date ?? null,
        geometry: feature.geometry,
      })),
    );
    if (key === 'allotment' && fresh) {
      const truth = site.groundTruth() as GroundTruthRecord[];
      const statuses: NewStatus[] = [];
      for (const record of truth) {
        const layerId = ids.get(record.lotKey);
        if (layerId === undefined) continue;
        statuses.push({
          layerId,
          date: record.date,
          status: record.status,
          precision: null,
          sceneId: null,
          source: 'demo-ground-truth',
        });
      }
      await layers.recordStatuses(statuses);
    }
    loaded += features.length;
  }
  return loaded;
}
