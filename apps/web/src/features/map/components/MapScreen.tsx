import { Alert, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { MAP_MESSAGES, isAdmin as holdsAdminRole } from '@mirante/shared';
import { useCurrentProject } from '../../projects/ProjectContext';
import { useCredentials } from '../../../shared/session/SessionContext';
import { useProjectLayers, useProjectScenes } from '../api';
import type { MapInstance } from '../engine/maplibre';
import { MapExtensionsContext, NO_MAP_EXTENSIONS, type MapExtensions } from '../extensions';
import { useComparison } from '../hooks/useComparison';
import { useLayerVisibility } from '../hooks/useLayerVisibility';
import { useMapCamera } from '../hooks/useMapCamera';
import { useMapInteractions } from '../hooks/useMapInteractions';
import { useMapScreenExtensions } from '../hooks/useMapScreenExtensions';
import { useMapStyles } from '../hooks/useMapStyles';
import { useMapTypeParam } from '../hooks/useMapTypeParam';
import { useLotParam } from '../hooks/useLotParam';
import { useLotPopupPlacement } from '../hooks/useLotPopupPlacement';
import { useMeasureDraw } from '../hooks/useMeasureDraw';
import { usePickedFeatures } from '../hooks/usePickedFeatures';
import { labelAnchors } from '../style/labels';
import { legendSections, lotLegendTitle } from '../style/legendSections';
import { MapLabels } from './canvas/MapLabels';
import { MapLegend } from './canvas/MapLegend';
import { MapStatusBar } from './canvas/MapStatusBar';
import { MapView } from './canvas/MapView';
import { CompareMap } from './compare/CompareMap';
import { EmptyProjectScreen } from './EmptyProjectScreen';
import { DetectionDetailModal } from './detections/DetectionDetailModal';
import { EditModeBar } from './edit/EditModeBar';
import { Model3dModal } from './model3d/Model3dModal';
import { MapOptions } from './panels/MapOptions';
import { SelectedLotPopup } from './popups/SelectedLotPopup';
import { MapTools } from './tools/MapTools';
import { MeasureResult } from './tools/MeasureResult';
import '../map.css';
import { MapShareTool } from '../../share-links/components/MapShareTool';

/**
 * The full-page map of a project: options panel, map (or two compared), tools, status bar and lot popup, with
 * what the `extensions` add (the construction map's inspections, notes and plan overlays, the lot's sale).
 */
export function MapScreen({ extensions = NO_MAP_EXTENSIONS }: { extensions?: MapExtensions }) {
  const project = useCurrentProject();
  const credentials = useCredentials();
  const isAdmin = holdsAdminRole(credentials);
  const layers = useProjectLayers(project.id);
  const scenes = useProjectScenes(project.id);
  const [mapType, setMapType] = useMapTypeParam();
  const [map, setMap] = useState<MapInstance | null>(null);
  const [cursor, setCursor] = useState<{ lat: number; lng: number } | null>(null);
  const [labels, setLabels] = useState({ lots: true, blocks: true });
  const [show3d, setShow3d] = useState(false);
  const [reviewOnly, setReviewOnly] = useState(false);

  const sceneList = useMemo(() => scenes.data ?? [], [scenes.data]);
  const comparison = useComparison(sceneList);
  const scene = sceneList.find((item) => item.id === comparison.shownId) ?? null;
  const compared =
    comparison.before && comparison.after ? { before: comparison.before, after: comparison.after } : null;
  const layerList = useMemo(() => layers.data ?? [], [layers.data]);
  const visibility = useLayerVisibility(layerList);
  const camera = useMapCamera(map, project.defaultZoom, project.bounds);
  const { effectiveType, shownDate, style, beforeStyle, dated, attribution } = useMapStyles({
    projectId: project.id,
    layers: layerList,
    reviewOnly,
    mapType,
    scene,
    before: compared?.before ?? null,
    visibleTypes: visibility.visibleTypes,
    apiToken: credentials.api_token,
  });
  // The states and transitions: in detection-edit mode, Shift guards the types lots already have in the shown scene's analysis.
  const interactions = useMapInteractions(layerList, {
    date: scene?.isoDate ?? null,
    statusOn: dated.statusOn,
  });
  useLotParam(map, layerList, interactions.setSelectedLot);
  const anchors = useMemo(() => labelAnchors(layerList), [layerList]);
  const exportLabels = useMemo(() => ({ anchors, ...labels }), [anchors, labels]);
  const lot = layerList.find((layer) => layer.id === interactions.selectedLot) ?? null;
  const area = layerList.find((layer) => layer.id === interactions.selectedArea) ?? null;
  const model3d = scene?.map3dUrl ? { ...scene, map3dUrl: scene.map3dUrl } : null;
  // The states and transitions: 3D only when the scene has a model; not during comparison or label editing.
  const no3d = compared !== null || interactions.editMode === 'labels';
  const popupSide = useLotPopupPlacement(map, lot, compared ? 'compare' : 'lot');
  const extended = useMapScreenExtensions(extensions.screen, {
    project,
    credentials,
    map,
    comparison,
    style,
    beforeStyle,
  });
  usePickedFeatures(map, interactions.picked, extended.style);
  const drawText = useMeasureDraw(map, interactions.tool, extended.style);
  const measureLines = interactions.tool === 'lote' ? interactions.lotMeasure : drawText ? [drawText] : [];

  if (layers.isPending) return <Spin fullscreen tip="Carregando mapa…" />;
  if (layers.isError) return <Alert type="error" showIcon message={MAP_MESSAGES.serverError} />;
  if (layerList.length === 0 && scenes.isSuccess && sceneList.length === 0)
    return <EmptyProjectScreen projectName={project.name} isAdmin={isAdmin} />;

  return (
    <div className="map-screen" data-testid="map-screen">
      <MapOptions
        project={project}
        role={credentials.role}
        apiToken={credentials.api_token}
        mapType={effectiveType}
        onMapType={setMapType}
        scenes={sceneList}
        scenesFailed={scenes.isError}
        scene={scene}
        comparison={comparison}
        layers={{
          available: visibility.available,
          visible: visibility.visibleTypes,
          onChange: visibility.showTypes,
        }}
        labels={labels}
        onLabelsChange={setLabels}
        review={{ count: dated.reviewCount, only: reviewOnly, onChange: setReviewOnly }}
        bearing={camera.bearing}
        onRotate={camera.rotate}
        sections={extended.sections}
      />
      <div
        className={`map-stage${compared ? ` map-stage--${comparison.mode}` : ''}`}
        data-testid="map-stage"
        data-popup-side={popupSide}
      >
        <MapView
          style={extended.style}
          initialBounds={project.bounds}
          selectedLotId={interactions.selectedLot}
          cursor={interactions.tool === 'lote' ? 'crosshair' : undefined}
          onReady={setMap}
          onPick={interactions.onPick}
          onHoverPick={interactions.onHoverPick}
          onCursor={setCursor}
        />
        {extended.stage}
        {map && <MapLabels map={map} anchors={anchors} lots={labels.lots} blocks={labels.blocks} />}
        {map && compared && (
          <CompareMap
            primary={map}
            style={extended.beforeStyle}
            mode={comparison.mode}
            beforeLabel={compared.before.dateFormatted}
            afterLabel={compared.after.dateFormatted}
            primaryCursor={cursor}
          />
        )}
        <MapTools
          map={map}
          title={project.name}
          scene={scene}
          apiToken={credentials.api_token}
          labels={exportLabels}
          project={project}
          isAdmin={isAdmin}
          tool={interactions.tool}
          onTool={interactions.setTool}
          editMode={interactions.editMode}
          onLabelEdit={interactions.toggleLabelEdit}
          onDetectionEdit={interactions.toggleDetectionEdit}
          onFit={camera.fit}
          onModel3d={model3d ? () => setShow3d(true) : null}
          model3dDisabled={no3d}
          shareTool={
            <MapShareTool
              role={credentials.role}
              project={project}
              scenes={sceneList}
              layers={layerList}
              shownDate={scene?.isoDate ?? null}
              compared={
                compared
                  ? { before: compared.before.isoDate, after: compared.after.isoDate, mode: comparison.mode }
                  : null
              }
              lotId={lot?.id ?? null}
            />
          }
        />
        {interactions.tool !== 'none' && (
          <MeasureResult
            tool={interactions.tool}
            lines={measureLines}
            onClose={() => interactions.setTool('none')}
          />
        )}
        {isAdmin && (
          <EditModeBar
            mode={interactions.editMode}
            projectId={project.id}
            scene={scene}
            selected={interactions.picked}
            shiftHint={interactions.shiftHint}
            onClear={interactions.clearPicked}
            onExitLabels={interactions.toggleLabelEdit}
            onExitDetections={interactions.toggleDetectionEdit}
          />
        )}
        {show3d && model3d && !no3d && (
          <Model3dModal scene={model3d} apiToken={credentials.api_token} onClose={() => setShow3d(false)} />
        )}
        {area && (
          <DetectionDetailModal
            key={area.id}
            layer={area}
            scenes={sceneList}
            shown={scene}
            apiToken={credentials.api_token}
            onClose={() => interactions.setSelectedArea(null)}
          />
        )}
        <MapLegend
          sections={legendSections(
            visibility.visibleTypes,
            lotLegendTitle(compared !== null, shownDate ? scene : null),
          )}
        />
        {lot && (
          <MapExtensionsContext.Provider value={extensions}>
            <SelectedLotPopup
              lot={lot}
              compared={compared}
              dated={dated}
              apiToken={credentials.api_token}
              onClose={() => interactions.setSelectedLot(null)}
            />
          </MapExtensionsContext.Provider>
        )}
        {extended.modals}
        {attribution && (
          <div className="map-attribution" data-testid="map-attribution">
            {attribution}
          </div>
        )}
        <MapStatusBar
          cursor={cursor}
          zoom={camera.zoom}
          sceneLabel={shownDate ? (scene?.dateFormatted ?? null) : null}
        />
      </div>
    </div>
  );
}
