import { displayDate, type Layer, type LayerGeometry, type LayerType, type Scene } from '@mirante/shared';

/** Analysis-type layers: reforestation, deforestation, other analyses. */
export const ANALYSIS_TYPES: readonly LayerType[] = ['REFO', 'DEFO', 'GAMBIRA'];

export function isAnalysisType(type: LayerType): boolean {
  return ANALYSIS_TYPES.includes(type);
}

const CATEGORY: Partial<Record<LayerType, string>> = {
  REFO: 'Reflorestamento',
  DEFO: 'Desmatamento',
  GAMBIRA: 'Outra análise',
};

/** The layer's category: its own name when it has one, else the analysis type's. */
export function detectionCategory(layer: Pick<Layer, 'type' | 'category_name'>): string {
  return layer.category_name ?? CATEGORY[layer.type] ?? layer.type;
}

/** Legend rows of the analysis types on the map, in spec order: name and fill colour. */
export function analysisLegend(
  visibleTypes: readonly LayerType[],
  fills: Partial<Record<LayerType, string>>,
): { type: LayerType; name: string; color: string }[] {
  return ANALYSIS_TYPES.filter((type) => visibleTypes.includes(type)).map((type) => ({
    type,
    name: CATEGORY[type] ?? type,
    color: fills[type] ?? '#999999',
  }));
}

/** Area in m² with 0 decimals (detections). */
export function formatDetectionArea(area: number): string {
  return `${new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 }).format(Math.round(area))} m²`;
}

function positions(geometry: LayerGeometry): number[][] {
  switch (geometry.type) {
    case 'Point':
      return [geometry.coordinates];
    case 'LineString':
      return geometry.coordinates;
    case 'MultiLineString':
    case 'Polygon':
      return geometry.coordinates.flat();
    case 'MultiPolygon':
      return geometry.coordinates.flat(2);
  }
}

/** [[west, south], [east, north]] of a geometry. */
export function geometryBounds(geometry: LayerGeometry): [[number, number], [number, number]] {
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lng = 0, lat = 0] of positions(geometry)) {
    west = Math.min(west, lng);
    east = Math.max(east, lng);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return [
    [west, south],
    [east, north],
  ];
}

/** The centre of the geometry's bounds as { lat, lng }. */
export function geometryCenter(geometry: LayerGeometry): { lat: number; lng: number } {
  const [[west, south], [east, north]] = geometryBounds(geometry);
  return { lat: (south + north) / 2, lng: (west + east) / 2 };
}

/** The external maps link for a coordinate (opens in a new tab). */
export function externalMapsUrl({ lat, lng }: { lat: number; lng: number }): string {
  return `https://www.google.com/maps?q=${lat.toFixed(6)},${lng.toFixed(6)}`;
}

/**
 * The scenes shown before/after. A layer with its own detection dates shows the project's scenes of those dates,
 * or none (a scene of another date would misstate what the analysis compared). Without dates, the shown scene
 * is "after" and the scene just older than it is "before". Scenes are listed newest first.
 */
export function beforeAfterScenes(
  layer: Pick<Layer, 'detect_before_date' | 'detect_after_date'>,
  scenes: readonly Scene[],
  shown: Scene | null,
): { before: Scene | null; after: Scene | null } {
  const byDate = (date: string) => scenes.find((scene) => scene.isoDate === date.slice(0, 10)) ?? null;
  const after = layer.detect_after_date ? byDate(layer.detect_after_date) : (shown ?? scenes[0] ?? null);
  if (layer.detect_before_date) return { before: byDate(layer.detect_before_date), after };
  const older = after ? scenes.filter((scene) => scene.isoDate < after.isoDate) : [];
  return { before: older[0] ?? null, after };
}

/**
 * A mini map's caption: 'Antes: 01/07/2025'. The date is the scene's, else the layer's own detection date with
 * 'sem imagem' when the project has no scene of that date; 'Antes: sem imagem' when there is neither.
 */
export function sideCaption(label: string, scene: Scene | null, detectDate: string | undefined): string {
  if (scene) return `${label}: ${scene.dateFormatted}`;
  return detectDate ? `${label}: ${displayDate(detectDate)} (sem imagem)` : `${label}: sem imagem`;
}
