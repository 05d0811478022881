import type { EnvironmentFeature } from '@mirante/shared';
import type {
  ExpressionSpecification,
  GeoJSONSourceSpecification,
  LayerSpecification,
  StyleSpecification,
} from 'maplibre-gl';
import type { LegendSection } from '../map/style/legendSections';

export const PROPOSALS_SOURCE = 'environment-proposals';
/** The proposals' fill: the layer the pointer picks a proposal from. */
export const PROPOSALS_FILL = 'proposals-fill';
/** The selected proposal's outline (the lots' selection colour). */
export const PROPOSAL_SELECTED_COLOR = '#00e5ff';
const FILL_OPACITY = 0.15;
const SELECTED_FILL_OPACITY = 0.45;

export interface ProposalProperties {
  id: number;
  /** The kind's colour (REFO, DEFO, GAMBIRA: the category's colour). */
  color: string;
}

export interface ProposalCollection {
  type: 'FeatureCollection';
  features: {
    type: 'Feature';
    id: number;
    geometry: EnvironmentFeature['geojson'];
    properties: ProposalProperties;
  }[];
}

/** The analysis's proposals waiting for review, as one GeoJSON source (reviewed ones are not drawn here). */
export function proposalCollection(features: readonly EnvironmentFeature[]): ProposalCollection {
  return {
    type: 'FeatureCollection',
    features: features
      .filter((feature) => feature.review_status === 'pending')
      .map((feature) => ({
        type: 'Feature',
        id: feature.id,
        geometry: feature.geojson,
        properties: { id: feature.id, color: feature.category_color },
      })),
  };
}

const isSelected = (selectedId: number | null): ExpressionSpecification => [
  '==',
  ['get', 'id'],
  selectedId ?? -1,
];

/**
 * The proposals over the imagery: a light fill and a dashed outline in their kind's colour on a white halo (dashed:
 * not yet a layer of the project, which are drawn solid), the selected one filled stronger and outlined in cyan.
 */
export function proposalLayers(selectedId: number | null): LayerSpecification[] {
  return [
    {
      id: PROPOSALS_FILL,
      type: 'fill',
      source: PROPOSALS_SOURCE,
      paint: {
        'fill-color': ['get', 'color'],
        'fill-opacity': ['case', isSelected(selectedId), SELECTED_FILL_OPACITY, FILL_OPACITY],
      },
    },
    {
      // A light halo under the dashed outline keeps it legible over dark forest and bright soil alike.
      id: 'proposals-halo',
      type: 'line',
      source: PROPOSALS_SOURCE,
      layout: { 'line-join': 'round' },
      paint: { 'line-color': '#ffffff', 'line-opacity': 0.75, 'line-width': 4.5 },
    },
    {
      id: 'proposals-outline',
      type: 'line',
      source: PROPOSALS_SOURCE,
      layout: { 'line-join': 'round' },
      paint: { 'line-color': ['get', 'color'], 'line-width': 2.5, 'line-dasharray': ['literal', [2, 1.5]] },
    },
    {
      id: 'proposals-selected',
      type: 'line',
      source: PROPOSALS_SOURCE,
      filter: isSelected(selectedId),
      layout: { 'line-join': 'round' },
      paint: { 'line-color': PROPOSAL_SELECTED_COLOR, 'line-width': 4 },
    },
  ];
}

/** The map's style with the proposals drawn over everything else (none pending: the style unchanged). */
export function withProposals(
  style: StyleSpecification,
  proposals: ProposalCollection,
  selectedId: number | null,
): StyleSpecification {
  if (proposals.features.length === 0) return style;
  return {
    ...style,
    sources: {
      ...style.sources,
      [PROPOSALS_SOURCE]: { type: 'geojson', data: proposals as GeoJSONSourceSpecification['data'] },
    },
    layers: [...style.layers, ...proposalLayers(selectedId)],
  };
}

/** The legend of the pending proposals: one entry per kind drawn, in the order first met (none: null). */
export function proposalLegend(features: readonly EnvironmentFeature[]): LegendSection | null {
  const kinds = new Map<string, LegendSection['items'][number]>();
  for (const feature of features) {
    if (feature.review_status !== 'pending' || kinds.has(feature.type)) continue;
    kinds.set(feature.type, {
      key: `proposal-${feature.type}`,
      name: feature.category_name,
      color: feature.category_color,
      dashed: true,
    });
  }
  return kinds.size === 0 ? null : { title: 'Propostas pendentes', items: [...kinds.values()] };
}
