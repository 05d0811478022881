import type { StyleSpecification } from 'maplibre-gl';
import type { ImportProblem, LayerImportReport } from '@mirante/shared';

/** Colours of a feature by what the import does with it. */
export const OUTCOME_COLORS = {
  create: '#2f9e44',
  update: '#1971c2',
  invalid: '#e03131',
} as const;

type Bounds = [[number, number], [number, number]];

function extend(box: number[], position: readonly number[]) {
  const [lng, lat] = position;
  if (lng === undefined || lat === undefined) return;
  box[0] = Math.min(box[0] ?? lng, lng);
  box[1] = Math.min(box[1] ?? lat, lat);
  box[2] = Math.max(box[2] ?? lng, lng);
  box[3] = Math.max(box[3] ?? lat, lat);
}

function walk(coordinates: unknown, box: number[]) {
  if (!Array.isArray(coordinates)) return;
  if (typeof coordinates[0] === 'number') extend(box, coordinates as number[]);
  else for (const item of coordinates) walk(item, box);
}

/** The extent of the preview's features and problem locations; null when nothing has coordinates. */
export function previewBounds(report: LayerImportReport, problems: readonly ImportProblem[]): Bounds | null {
  const box: number[] = [];
  for (const feature of report.preview.features) {
    if (feature.geometry) walk(feature.geometry.coordinates, box);
  }
  for (const problem of problems) if (problem.location) extend(box, problem.location);
  const [west, south, east, north] = box;
  if (west === undefined || south === undefined || east === undefined || north === undefined) return null;
  return [
    [west, south],
    [east, north],
  ];
}

/**
 * The import preview: every feature of the file coloured by its outcome (new, updated, invalid — invalid ones
 * drawn thicker and on top), lot names, and a red ring at each problem's location.
 */
export function importPreviewStyle(
  report: LayerImportReport,
  problems: readonly ImportProblem[],
): StyleSpecification {
  const color = [
    'match',
    ['get', 'outcome'],
    'invalid',
    OUTCOME_COLORS.invalid,
    'update',
    OUTCOME_COLORS.update,
    OUTCOME_COLORS.create,
  ] as unknown as string;
  const problemPoints = {
    type: 'FeatureCollection' as const,
    features: problems
      .filter((problem) => problem.location !== null)
      .map((problem) => ({
        type: 'Feature' as const,
        properties: { severity: problem.severity },
        geometry: { type: 'Point' as const, coordinates: problem.location as [number, number] },
      })),
  };
  const drawable = {
    type: 'FeatureCollection' as const,
    features: report.preview.features.flatMap((feature) =>
      feature.geometry ? [{ ...feature, geometry: feature.geometry }] : [],
    ),
  };
  return {
    version: 8,
    sources: {
      preview: { type: 'geojson', data: drawable },
      problems: { type: 'geojson', data: problemPoints },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#f4f1ea' } },
      {
        id: 'preview-fill',
        type: 'fill',
        source: 'preview',
        filter: ['==', ['geometry-type'], 'Polygon'],
        paint: { 'fill-color': color, 'fill-opacity': 0.35 },
      },
      {
        id: 'preview-line',
        type: 'line',
        source: 'preview',
        paint: {
          'line-color': color,
          'line-width': ['case', ['==', ['get', 'outcome'], 'invalid'], 3, 1.2],
        },
        layout: { 'line-sort-key': ['case', ['==', ['get', 'outcome'], 'invalid'], 1, 0] },
      },
      {
        id: 'problems',
        type: 'circle',
        source: 'problems',
        paint: {
          'circle-radius': 9,
          'circle-color': 'rgba(0,0,0,0)',
          'circle-stroke-width': 3,
          'circle-stroke-color': [
            'case',
            ['==', ['get', 'severity'], 'error'],
            OUTCOME_COLORS.invalid,
            '#f08c00',
          ],
        },
      },
    ],
  };
}
