import {
  LAYER_IMPORT_LIMITS,
  type ImportPreviewFeature,
  type LayerImportReport,
  type LayerType,
} from '@mirante/shared';
import type { PlainImportPlan } from './import-plan';

export interface DerivedSummary {
  boundary: boolean;
  blocks: number;
  stages: number;
}

function counts(plan: PlainImportPlan): LayerImportReport['counts'] {
  const byType = new Map<LayerType, { total: number; invalid: number }>();
  for (const layer of plan.layers) {
    const count = byType.get(layer.type) ?? { total: 0, invalid: 0 };
    count.total += 1;
    if (!layer.valid) count.invalid += 1;
    byType.set(layer.type, count);
  }
  return [...byType].map(([type, count]) => ({ type, ...count }));
}

function preview(plan: PlainImportPlan): ImportPreviewFeature[] {
  return plan.layers.map((layer) => ({
    type: 'Feature',
    geometry: layer.geometry,
    properties: {
      index: layer.index,
      layer_type: layer.type,
      name: layer.name,
      block: layer.block,
      stage: layer.stage,
      customer_code: layer.customerCode,
      tag_value: layer.tagValue,
      outcome: !layer.valid ? 'invalid' : layer.matchedLayerId !== null ? 'update' : 'create',
      matched_layer_id: layer.matchedLayerId,
    },
  }));
}

/** The report of an import or dry run (the contract's `layerImportReportSchema`). */
export function importReport(
  plan: PlainImportPlan,
  options: { dryRun: boolean; imported: boolean; derived: DerivedSummary },
): LayerImportReport {
  const valid = plan.layers.filter((layer) => layer.valid);
  const lots = valid.filter((layer) => layer.type === 'LOT');
  return {
    dryRun: options.dryRun,
    imported: options.imported,
    format: plan.file.format,
    crs: { epsg: plan.crs.crs.epsg, name: plan.crs.crs.name, source: plan.crs.source },
    columns: plan.columns,
    mapping: plan.mapping,
    featureCount: plan.layers.length,
    validCount: valid.length,
    invalidCount: plan.layers.length - valid.length,
    counts: counts(plan),
    problems: plan.problems.slice(0, LAYER_IMPORT_LIMITS.maxProblemsListed),
    problemCount: plan.problems.length,
    preview: { type: 'FeatureCollection', features: preview(plan) },
    lots: {
      created: lots.filter((layer) => layer.matchedLayerId === null).length,
      updated: lots.filter((layer) => layer.matchedLayerId !== null).length,
      unmatched: plan.unmatchedLots.length,
      unmatchedLots: plan.unmatchedLots.slice(0, LAYER_IMPORT_LIMITS.maxUnmatchedListed).map((lot) => ({
        id: lot.id,
        name: lot.name,
        block: lot.block,
        customer_code: lot.customerCode,
      })),
    },
    otherLayersCreated: valid.filter((layer) => layer.type !== 'LOT' && layer.matchedLayerId === null).length,
    derived: options.derived,
  };
}
