import type { ImportProblem, LayerGeometry, LayerImportFields, LayerImportReport } from '@mirante/shared';
import { measureGeometry } from '../layers';
import { parseMapping } from './attribute-mapping';
import { DERIVED_CLOSING, groupBy, outlineOf, unionInMetres } from './derive-layers';
import { planImport, type ExistingLayer, type PlannedLayer } from './import-plan';
import { importReport } from './import-report';
import type { LayerWrite } from './layer-import.repo';
import { readLayerFile } from './read/read-layer-file';

export interface PrepareInput {
  fields: LayerImportFields;
  /** The project's layers the file's features are matched against. */
  existing: ExistingLayer[];
  /** Whether the project takes the lots' outline as its boundary. */
  takesBoundary: boolean;
}

/** What an import writes, worked out from the file without touching the database. */
export interface PreparedImport {
  /** The report as a dry run answers it (nothing written). */
  report: LayerImportReport;
  /** Problems that refuse the import unless `skipInvalid`. */
  errors: ImportProblem[];
  created: LayerWrite[];
  updated: (LayerWrite & { id: number })[];
  derived: (LayerWrite & { sourceKey: string })[];
  boundaryGeometry: LayerGeometry | null;
}

function toWrite(
  layer: Pick<PlannedLayer, 'type' | 'name' | 'block' | 'stage' | 'customerCode' | 'tagValue'>,
  geometry: LayerGeometry,
): LayerWrite {
  const measures = measureGeometry(geometry);
  return {
    type: layer.type,
    name: layer.name,
    block: layer.block,
    stage: layer.stage,
    customerCode: layer.customerCode,
    tagValue: layer.tagValue,
    geoJson: JSON.stringify(geometry),
    areaM2: measures.areaM2,
    perimeterM: measures.perimeterM,
    bbox: measures.bbox,
  };
}

/** BLOCK layers (one per quadra) and STAGE layers (one per etapa) as unions of the file's valid lots. */
function derivedLayers(
  lots: PlannedLayer[],
  fields: LayerImportFields,
): (LayerWrite & { sourceKey: string })[] {
  const derived: (LayerWrite & { sourceKey: string })[] = [];
  const add = (kind: 'block' | 'stage', groups: Map<string, PlannedLayer[]>) => {
    for (const [name, members] of groups) {
      const geometry = unionInMetres(
        members.map((lot) => lot.geometry!),
        DERIVED_CLOSING[kind],
      );
      if (!geometry) continue;
      const attributes = {
        type: kind === 'block' ? 'BLOCK' : 'STAGE',
        name,
        block: kind === 'block' ? name : null,
        stage: kind === 'stage' ? name : (members[0]?.stage ?? null),
        customerCode: null,
        tagValue: null,
      } as const;
      derived.push({ ...toWrite(attributes, geometry), sourceKey: `import:${kind}:${name.toUpperCase()}` });
    }
  };
  if (fields.deriveBlocks)
    add(
      'block',
      groupBy(lots, (lot) => lot.block),
    );
  if (fields.deriveStages)
    add(
      'stage',
      groupBy(lots, (lot) => lot.stage),
    );
  return derived;
}

/**
 * The CPU part of a layer import: reads the file, plans it (CRS, mapping, validity, matching), unions the
 * derived blocks and stages and the outline, and measures every layer. Pure: it runs on a reading thread
 * (`prepare-off-loop.ts`), the database writes stay with the service.
 */
export async function prepareImport(
  file: Buffer,
  { fields, existing, takesBoundary }: PrepareInput,
): Promise<PreparedImport> {
  const mapping = parseMapping(fields.mapping);
  const source = await readLayerFile(file);
  const plan = planImport(
    source,
    { epsg: fields.epsg, mapping, defaultType: fields.defaultType ?? 'LOT' },
    existing,
  );
  const valid = plan.layers.filter((layer) => layer.valid && layer.geometry);
  const lots = valid.filter((layer) => layer.type === 'LOT');
  const derived = derivedLayers(lots, fields);
  const boundaryGeometry = takesBoundary
    ? outlineOf((lots.length > 0 ? lots : valid).map((layer) => layer.geometry!))
    : null;
  const summary = {
    boundary: boundaryGeometry !== null,
    blocks: derived.filter((layer) => layer.type === 'BLOCK').length,
    stages: derived.filter((layer) => layer.type === 'STAGE').length,
  };
  return {
    report: importReport(plan, { dryRun: fields.dryRun ?? false, imported: false, derived: summary }),
    errors: plan.problems.filter((problem) => problem.severity === 'error'),
    created: valid
      .filter((layer) => layer.matchedLayerId === null)
      .map((layer) => toWrite(layer, layer.geometry!)),
    updated: valid
      .filter((layer) => layer.matchedLayerId !== null)
      .map((layer) => ({ ...toWrite(layer, layer.geometry!), id: layer.matchedLayerId! })),
    derived,
    boundaryGeometry,
  };
}
