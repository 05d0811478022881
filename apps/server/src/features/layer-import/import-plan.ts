import {
  LAYER_IMPORT_MESSAGES,
  LAYER_TYPE_LABELS,
  type ImportProblem,
  type LayerGeometry,
  type LayerImportMapping,
  type LayerType,
} from '@mirante/shared';
import { unprocessable } from '../../http/app-error';
import { columnsOf, resolveMapping, textOf, type ResolvedMapping } from './attribute-mapping';
import { layerTypeOf } from './attribute-type';
import { anchorOf, layerGeometryOf } from './feature-geometry';
import { crsLabel, fileCrs, type FileCrs } from './file-crs';
import { blockLotKey, codeKey, layerKey, type LotIdentity } from './lot-keys';
import type { SourceFeature, SourceFile } from './read/source-file';
import { insideBrazil, looksProjected, toLonLat } from './reproject';
import { validityProblem } from '../../geo/validity';

/** A layer of the project as the import matches it. */
export interface ExistingLayer {
  id: number;
  type: string;
  name: string;
  block: string | null;
  customerCode: string | null;
  tagValue: string | null;
}

export interface PlanOptions {
  epsg?: number;
  mapping: LayerImportMapping;
  defaultType: LayerType;
  /** Keep repeated lots under a suffixed code or lot number (a warning each) instead of refusing them. */
  keepDuplicates?: boolean;
}

/** One feature of the file as it would be stored. */
export interface PlannedLayer {
  index: number;
  featureId: string | null;
  type: LayerType;
  name: string;
  block: string | null;
  stage: string | null;
  customerCode: string | null;
  tagValue: string | null;
  /** lon/lat; null when unreadable. */
  geometry: LayerGeometry | null;
  valid: boolean;
  /** The existing layer it replaces (matched lot, or a layer of the same type, name and block). */
  matchedLayerId: number | null;
}

export interface ImportPlan {
  file: SourceFile;
  crs: FileCrs;
  columns: string[];
  mapping: ResolvedMapping;
  layers: PlannedLayer[];
  problems: ImportProblem[];
  /** Existing lots no feature matched (kept). */
  unmatchedLots: ExistingLayer[];
}

/** A plan as it crosses between threads: its CRS named (epsg, name), without the CRS's transforms. */
export type PlainImportPlan = Omit<ImportPlan, 'crs'> & {
  crs: { crs: Pick<ImportPlan['crs']['crs'], 'epsg' | 'name'>; source: ImportPlan['crs']['source'] };
};

/** 'Feição 12 (quadra B, lote 7)': how a problem names its feature (positions from 1 for people). */
function describe(layer: Pick<PlannedLayer, 'index' | 'block' | 'name' | 'type'>): string {
  const parts: string[] = [];
  if (layer.block) parts.push(`quadra ${layer.block}`);
  if (layer.name) parts.push(layer.type === 'LOT' ? `lote ${layer.name}` : layer.name);
  return `Feição ${layer.index + 1}${parts.length ? ` (${parts.join(', ')})` : ''}`;
}

function attributesOf(
  feature: SourceFeature,
  mapping: ResolvedMapping,
  defaultType: LayerType,
  problems: ImportProblem[],
): Omit<PlannedLayer, 'geometry' | 'valid' | 'matchedLayerId'> {
  const read = (column: string | null) => (column ? textOf(feature.properties[column]) : null);
  const typeValue = mapping.type ? feature.properties[mapping.type] : null;
  let type = layerTypeOf(typeValue);
  if (type === null && textOf(typeValue) !== null) {
    type = 'DEFAULT';
    problems.push({
      code: 'UNKNOWN_TYPE',
      severity: 'warning',
      message: `Feição ${feature.index + 1}: tipo '${textOf(typeValue)}' desconhecido; gravada como ${LAYER_TYPE_LABELS.DEFAULT}.`,
      index: feature.index,
      featureId: feature.featureId,
      location: null,
    });
  }
  type ??= layerTypeOf(feature.sourceLayer) ?? defaultType;
  const lot = read(mapping.name);
  const kmlName = textOf(feature.properties.name);
  const block = read(mapping.block);
  const stage = read(mapping.stage);
  // A derived-looking layer names itself by its quadra or etapa (a DXF block outline labelled 'QUADRA 12').
  const ownName = type === 'BLOCK' ? block : type === 'STAGE' ? stage : null;
  return {
    index: feature.index,
    featureId: feature.featureId,
    type,
    name:
      lot ??
      (type === 'LOT' ? '' : (ownName ?? kmlName ?? `${LAYER_TYPE_LABELS[type]} ${feature.index + 1}`)),
    block,
    stage,
    customerCode: read(mapping.customerCode),
    tagValue: read(mapping.tagValue),
  };
}

function error(
  code: ImportProblem['code'],
  layer: PlannedLayer,
  detail: string,
  location: [number, number] | null,
): ImportProblem {
  return {
    code,
    severity: 'error',
    message: `${describe(layer)}: ${detail}`,
    index: layer.index,
    featureId: layer.featureId,
    location,
  };
}

const identityOf = (layer: PlannedLayer): LotIdentity => ({
  block: layer.block,
  lot: layer.tagValue ?? layer.name,
  customerCode: layer.customerCode,
});
const keysOf = (identity: LotIdentity) =>
  [codeKey(identity), blockLotKey(identity)].filter((key): key is string => key !== null);

type RenamedField = 'customerCode' | 'tagValue' | 'name';

/**
 * The repeated values of a lot made unique with the first free suffix: the code when the code repeats, the lot
 * number when quadra + lote repeat, both (with one suffix) when both do, as when a file's id column is read as
 * both. Returns what was renamed (the code first), from what, to what.
 */
function renameRepeated(layer: PlannedLayer, seen: Map<string, PlannedLayer>) {
  const identity = identityOf(layer);
  const lotField: RenamedField = layer.tagValue ? 'tagValue' : 'name';
  const fields: RenamedField[] = [];
  if (seen.has(codeKey(identity) ?? '')) fields.push('customerCode');
  if (seen.has(blockLotKey(identity) ?? '')) fields.push(lotField);
  if (fields.length === 0) fields.push(lotField);
  const named = fields[0] ?? lotField;
  const original = layer[named] ?? '';
  for (let suffix = 2; ; suffix += 1) {
    const values = fields.map((field) => [field, `${layer[field] ?? ''}-${suffix}`] as const);
    const renamed: PlannedLayer = { ...layer };
    for (const [field, value] of values) renamed[field] = value;
    if (keysOf(identityOf(renamed)).every((key) => !seen.has(key))) {
      for (const [field, value] of values) layer[field] = value;
      return { what: named === 'customerCode' ? 'código' : 'lote', from: original, to: values[0]?.[1] ?? '' };
    }
  }
}

/**
 * Later features that repeat a lot of the file (same code, or same quadra + lote) are refused; with
 * `keep`, they are kept under a suffixed code or lot number, each with a warning naming the conflict, so
 * that no real lot of a surveyor's file is lost over one repeated value.
 */
function settleDuplicates(
  layers: PlannedLayer[],
  problems: ImportProblem[],
  anchors: Map<number, [number, number] | null>,
  keep: boolean,
) {
  const seen = new Map<string, PlannedLayer>();
  for (const layer of layers) {
    if (!layer.valid || layer.type !== 'LOT') continue;
    const first = keysOf(identityOf(layer))
      .map((key) => seen.get(key))
      .find(Boolean);
    if (first && keep) {
      const renamed = renameRepeated(layer, seen);
      problems.push({
        ...error(
          'DUPLICATE_LOT_RENAMED',
          layer,
          `${renamed.what} '${renamed.from}' repetido da feição ${first.index + 1}: importado como '${renamed.to}'.`,
          anchors.get(layer.index) ?? null,
        ),
        severity: 'warning',
      });
    } else if (first) {
      layer.valid = false;
      problems.push(
        error(
          'DUPLICATE_LOT',
          layer,
          `o mesmo lote da feição ${first.index + 1} (código ou quadra e lote repetidos).`,
          anchors.get(layer.index) ?? null,
        ),
      );
      continue;
    }
    for (const key of keysOf(identityOf(layer))) seen.set(key, layer);
  }
}

/** Matches the file's layers to the project's: lots by customer code, else quadra + lote; others by type and name. */
function matchExisting(layers: PlannedLayer[], existing: ExistingLayer[]): ExistingLayer[] {
  const byCode = new Map<string, ExistingLayer>();
  const byBlockLot = new Map<string, ExistingLayer>();
  const byName = new Map<string, ExistingLayer>();
  for (const old of existing) {
    if (old.type === 'LOT') {
      const identity = { block: old.block, lot: old.tagValue ?? old.name, customerCode: old.customerCode };
      const code = codeKey(identity);
      const blockLot = blockLotKey(identity);
      if (code && !byCode.has(code)) byCode.set(code, old);
      if (blockLot && !byBlockLot.has(blockLot)) byBlockLot.set(blockLot, old);
    } else if (old.name) {
      const key = layerKey(old.type, old.name, old.block);
      if (!byName.has(key)) byName.set(key, old);
    }
  }
  const claimed = new Set<number>();
  for (const layer of layers) {
    if (!layer.valid) continue;
    let match: ExistingLayer | undefined;
    if (layer.type === 'LOT') {
      const identity = {
        block: layer.block,
        lot: layer.tagValue ?? layer.name,
        customerCode: layer.customerCode,
      };
      const code = codeKey(identity);
      const blockLot = blockLotKey(identity);
      match = (code ? byCode.get(code) : undefined) ?? (blockLot ? byBlockLot.get(blockLot) : undefined);
    } else if (layer.name) {
      match = byName.get(layerKey(layer.type, layer.name, layer.block));
    }
    if (match && !claimed.has(match.id)) {
      claimed.add(match.id);
      layer.matchedLayerId = match.id;
    }
  }
  return existing.filter((old) => old.type === 'LOT' && !claimed.has(old.id));
}

/**
 * Everything an import decides before writing: the CRS, the attribute columns, each feature's type, attributes
 * and lon/lat geometry, its problems (JTS validity, outside Brazil, repeated lots, missing lot numbers) and the
 * existing layer it replaces. Refuses the whole file when the CRS cannot be known or puts nothing in Brazil.
 */
export function planImport(file: SourceFile, options: PlanOptions, existing: ExistingLayer[]): ImportPlan {
  const crs = fileCrs(file.declaredCrs, options.epsg);
  if (crs.source === 'default' && file.features.some((feature) => looksProjected(feature.geometry))) {
    throw unprocessable('EPSG_REQUIRED', LAYER_IMPORT_MESSAGES.projectedWithoutCrs);
  }
  const identity = crs.crs.epsg === 4326;
  const columns = columnsOf(file.features);
  const mapping = resolveMapping(columns, options.mapping);
  const problems: ImportProblem[] = [];
  const layers: PlannedLayer[] = [];
  const anchors = new Map<number, [number, number] | null>();
  let inside = 0;
  let placed = 0;
  for (const feature of file.features) {
    const layer: PlannedLayer = {
      ...attributesOf(feature, mapping, options.defaultType, problems),
      geometry: null,
      valid: false,
      matchedLayerId: null,
    };
    layers.push(layer);
    if (!feature.geometry) {
      problems.push(error('EMPTY_GEOMETRY', layer, 'sem geometria.', null));
      continue;
    }
    const reprojected = toLonLat(feature.geometry, crs.crs, identity);
    if (!reprojected.geometry) {
      problems.push(
        error(
          'INVALID_GEOMETRY',
          layer,
          `coordenadas que não puderam ser convertidas de ${crsLabel(crs.crs)}.`,
          null,
        ),
      );
      continue;
    }
    const checked = layerGeometryOf(reprojected.geometry, layer.type);
    if ('unsupported' in checked) {
      problems.push(error('UNSUPPORTED_GEOMETRY', layer, `${checked.unsupported}.`, null));
      continue;
    }
    layer.geometry = checked.geometry;
    const anchor = anchorOf(checked.geometry, reprojected.bbox);
    anchors.set(layer.index, anchor);
    placed += 1;
    if (!reprojected.bbox || !insideBrazil(reprojected.bbox)) {
      problems.push(
        error('OUTSIDE_BRAZIL', layer, `fora do Brasil quando lida em ${crsLabel(crs.crs)}.`, anchor),
      );
      continue;
    }
    inside += 1;
    const invalid = validityProblem(checked.geometry);
    if (invalid) {
      problems.push(
        error(
          'INVALID_GEOMETRY',
          layer,
          `geometria inválida — ${invalid.message}.`,
          invalid.location ?? anchor,
        ),
      );
      continue;
    }
    layer.valid = true;
    if (layer.type === 'LOT' && !layer.name) {
      layer.name = String(layer.index + 1);
      problems.push({
        code: 'MISSING_NAME',
        severity: 'warning',
        message: `Feição ${layer.index + 1}: lote sem número (coluna de lote ${mapping.name ? `'${mapping.name}' vazia` : 'não encontrada'}); gravado como '${layer.name}'.`,
        index: layer.index,
        featureId: layer.featureId,
        location: anchor,
      });
    }
  }
  if (placed > 0 && inside === 0) {
    throw unprocessable('OUTSIDE_BRAZIL', LAYER_IMPORT_MESSAGES.outsideBrazil(crsLabel(crs.crs)));
  }
  settleDuplicates(layers, problems, anchors, options.keepDuplicates === true);
  const unmatchedLots = matchExisting(layers, existing);
  const readerProblems = file.problems.map((problem) => ({
    ...problem,
    location: problem.location ? projectPoint(problem.location, crs, identity) : null,
  }));
  return { file, crs, columns, mapping, layers, problems: [...readerProblems, ...problems], unmatchedLots };
}

function projectPoint(point: [number, number], crs: FileCrs, identity: boolean): [number, number] | null {
  const [lon, lat] = identity ? point : crs.crs.toLonLat(point[0], point[1]);
  return Number.isFinite(lon) && Number.isFinite(lat)
    ? [Math.round(lon * 1e9) / 1e9, Math.round(lat * 1e9) / 1e9]
    : null;
}
