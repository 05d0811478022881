import {
  detectionName,
  planarArea,
  sirgasUtmEpsg,
  type DetectionRow,
  type DetectionsHistory,
  type LayerGeometry,
  type Note,
} from '@mirante/shared';
import type { LayerRow } from '../layers';
import type { ExportFeature, ExportLayer, ExportValue } from './export-layers';

/** Layer types that are the environment analyses' polygons (gain, loss, other). */
const ANALYSIS_TYPES = new Set(['REFO', 'DEFO', 'GAMBIRA']);

const round2 = (value: number) => Math.round(value * 100) / 100;
const isArea = (geometry: LayerGeometry) => geometry.type === 'Polygon' || geometry.type === 'MultiPolygon';

/**
 * The project's SIRGAS 2000 / UTM zone: the one of its centre (`[lon, lat]`), else of its first geometry's
 * first position. Every area of a project is measured in this one plane.
 */
export function projectEpsg(center: number[] | null, geometries: LayerGeometry[]): number {
  const longitude = center?.[0] ?? firstLongitude(geometries[0]);
  return sirgasUtmEpsg(longitude ?? 0);
}

function firstLongitude(geometry: LayerGeometry | undefined): number | undefined {
  if (!geometry) return undefined;
  const flat = [geometry.coordinates].flat(3) as number[];
  return flat[0];
}

/** The surveyor's area (m², 2 decimals) of an area geometry in the zone, null for points and lines. */
export const areaIn = (geometry: LayerGeometry, epsg: number): number | null =>
  geometry.type === 'Polygon' || geometry.type === 'MultiPolygon' ? round2(planarArea(geometry, epsg)) : null;

const label = (...parts: (string | null | undefined)[]) => parts.filter((part) => part).join(' ');

export const LOT_FIELDS = [
  'lote',
  'quadra',
  'etapa',
  'codigo',
  'situacao',
  'data',
  'confianca',
  'area_m2',
  'area_crs',
  'obs',
];

/** The lots of the map with their latest status (date and confidence) and their planar area. */
export function lotsLayer(rows: LayerRow[], epsg: number): ExportLayer {
  const features: ExportFeature[] = rows
    .filter((row) => row.type === 'LOT')
    .map((row) => {
      const geometry = row.geoJson as LayerGeometry;
      const situacao = row.latestStatus ? detectionName(row.latestStatus) : null;
      return {
        geometry,
        label: label(
          row.block && `Quadra ${row.block}`,
          `Lote ${row.tagValue ?? row.name}`,
          situacao && `- ${situacao}`,
        ),
        properties: {
          lote: row.tagValue ?? row.name,
          quadra: row.block,
          etapa: row.stage,
          codigo: row.customerCode,
          situacao,
          data: row.latestDate,
          confianca: row.latestPrecision,
          area_m2: areaIn(geometry, epsg),
          area_crs: `EPSG:${epsg}`,
          obs: row.obs,
        },
      };
    });
  return { name: 'lotes', fields: LOT_FIELDS, features };
}

export const ANALYSIS_FIELDS = ['tipo', 'categoria', 'descricao', 'antes', 'depois', 'area_m2', 'area_crs'];

/** The environment analyses' polygons (REFO gain, DEFO loss, other) with their dates and planar area. */
export function analysesLayer(rows: LayerRow[], epsg: number): ExportLayer {
  const features: ExportFeature[] = rows
    .filter((row) => ANALYSIS_TYPES.has(row.type) && isArea(row.geoJson as LayerGeometry))
    .map((row) => {
      const geometry = row.geoJson as LayerGeometry;
      return {
        geometry,
        label: label(row.type, row.categoryName),
        properties: {
          tipo: row.type,
          categoria: row.categoryName,
          descricao: row.rect,
          antes: row.detectBeforeDate,
          depois: row.detectAfterDate,
          area_m2: areaIn(geometry, epsg),
          area_crs: `EPSG:${epsg}`,
        },
      };
    });
  return { name: 'analises', fields: ANALYSIS_FIELDS, features };
}

export const DETECTION_FIELDS = [
  'lote',
  'quadra',
  'etapa',
  'codigo',
  'situacao',
  'data',
  'confianca',
  'comparacao',
  'area_m2',
  'area_crs',
  'obs',
];

/**
 * The detections report's lots (its filters applied) with their status on the report's end date, whether it
 * changed over the shown dates ('Igual'/'Modificado'), the confidence of that date's reading when it is the
 * lot's latest, and the planar area.
 */
export function detectionsLayer(history: DetectionsHistory, lots: LayerRow[], epsg: number): ExportLayer {
  const byId = new Map(lots.map((row) => [row.id, row]));
  const features: ExportFeature[] = [];
  for (const row of history.tableRows as DetectionRow[]) {
    const lot = byId.get(row.layer_id);
    if (!lot) continue;
    const geometry = lot.geoJson as LayerGeometry;
    const situacao = detectionName(row.last_status);
    const properties: Record<string, ExportValue> = {
      lote: row.tag_value,
      quadra: row.block,
      etapa: row.stage,
      codigo: row.customer_code,
      situacao,
      data: history.endDate,
      confianca: lot.latestDate === history.endDate ? lot.latestPrecision : null,
      comparacao: row.status,
      area_m2: areaIn(geometry, epsg),
      area_crs: `EPSG:${epsg}`,
      obs: row.obs,
    };
    features.push({
      geometry,
      properties,
      label: label(row.block && `Quadra ${row.block}`, `Lote ${row.tag_value}`, `- ${situacao}`),
    });
  }
  return { name: 'deteccoes', fields: DETECTION_FIELDS, features };
}

const NOTE_TYPE_NAMES: Record<Note['note_type'], string> = {
  polygon: 'Polígono',
  line: 'Linha',
  marker: 'Marcador',
};

export const NOTE_FIELDS = [
  'nome',
  'data',
  'descricao',
  'categoria',
  'tipo',
  'area_m2',
  'comprim_m',
  'volume_m3',
  'area_crs',
];

/** An inspection's notes: polygons with their planar area, lines with their length, markers. */
export function notesLayer(notes: Note[], epsg: number): ExportLayer {
  const features: ExportFeature[] = notes.map((note) => {
    const geometry = note.geoJsonData as LayerGeometry;
    return {
      geometry,
      label: note.name,
      properties: {
        nome: note.name,
        data: note.date,
        descricao: note.description,
        categoria: note.category_name,
        tipo: NOTE_TYPE_NAMES[note.note_type],
        area_m2: areaIn(geometry, epsg),
        comprim_m: note.note_type === 'line' ? note.area : null,
        volume_m3: note.volume > 0 ? note.volume : null,
        area_crs: note.note_type === 'polygon' ? `EPSG:${epsg}` : null,
      },
    };
  });
  return { name: 'anotacoes', fields: NOTE_FIELDS, features };
}
