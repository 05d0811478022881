import { useMemo, useState } from 'react';
import type { EnvironmentFeature, Layer, LayerType, Project, Scene } from '@mirante/shared';
import { MapLegend } from '../../map/components/canvas/MapLegend';
import { MapStatusBar } from '../../map/components/canvas/MapStatusBar';
import { MapView } from '../../map/components/canvas/MapView';
import type { MapInstance } from '../../map/engine/maplibre';
import { useMapCamera } from '../../map/hooks/useMapCamera';
import { useMapStyles } from '../../map/hooks/useMapStyles';
import { legendSections, lotLegendTitle } from '../../map/style/legendSections';
import { useProposalsOnMap } from '../hooks/useProposalsOnMap';
import { proposalCollection, proposalLegend, withProposals } from '../proposalLayers';

/** The proposal picked in the list or on the map; `focus` (picked in the list) is brought into view. */
export interface ProposalSelection {
  id: number;
  focus: EnvironmentFeature | null;
}

export interface AnalysisMapProps {
  project: Project;
  layers: readonly Layer[];
  visibleTypes: readonly LayerType[];
  /** The chosen analysis's after scene, or the latest scene with no analysis to show (analysisMapScene.ts). */
  scene: Scene | null;
  apiToken: string;
  /** The chosen analysis's detections: the pending proposals among them are drawn over the imagery. */
  features: readonly EnvironmentFeature[];
  selection: ProposalSelection | null;
  onPickProposal(featureId: number): void;
}

/**
 * The analysis page's map: the after scene of the chosen analysis with the project's layers shown in Camadas and,
 * over them, the analysis's proposals waiting for review (picked here or in the list, in step).
 */
export function AnalysisMap(props: AnalysisMapProps) {
  const { project, layers, visibleTypes, scene, apiToken, features, selection, onPickProposal } = props;
  const [map, setMap] = useState<MapInstance | null>(null);
  const [cursor, setCursor] = useState<{ lat: number; lng: number } | null>(null);
  const camera = useMapCamera(map, project.defaultZoom, project.bounds);
  const { style } = useMapStyles({
    projectId: project.id,
    layers,
    reviewOnly: false,
    mapType: 'satelite',
    scene,
    before: null,
    visibleTypes,
    apiToken,
  });
  const proposals = useMemo(() => proposalCollection(features), [features]);
  const selectedId = selection?.id ?? null;
  const shown = useMemo(() => withProposals(style, proposals, selectedId), [style, proposals, selectedId]);
  const pointer = useProposalsOnMap(map, onPickProposal, selection?.focus ?? null);
  const legend = useMemo(() => {
    const pending = proposalLegend(features);
    const sections = legendSections(visibleTypes, lotLegendTitle(false, null));
    return pending ? [...sections, pending] : sections;
  }, [visibleTypes, features]);
  return (
    <div className="map-stage environment-map" data-testid="map-stage">
      <MapView
        style={shown}
        initialBounds={project.bounds}
        cursor={pointer}
        onReady={setMap}
        onCursor={setCursor}
      />
      <MapLegend sections={legend} />
      <MapStatusBar cursor={cursor} zoom={camera.zoom} sceneLabel={scene?.dateFormatted ?? null} />
    </div>
  );
}
