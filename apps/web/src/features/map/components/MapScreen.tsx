import { Alert, Spin } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { LAYER_TYPES, MAP_MESSAGES, type LayerType, type Scene } from '@mirante/shared';
import { useCurrentProject } from '../../projects/ProjectContext';
import { useCredentials } from '../../../shared/session/SessionContext';
import { useProjectLayers, useProjectScenes } from '../api';
import { labelAnchors } from '../style/labels';
import { legendSections, lotLegendTitle } from '../style/legendSections';
import { buildMapStyle, type MapType } from '../style/layerStyles';
import type { MapInstance } from '../engine/maplibre';
import { useComparison } from '../hooks/useComparison';
import { useDatedFeatures } from '../hooks/useDatedFeatures';
import { useMapInteractions } from '../hooks/useMapInteractions';
import { useMapTypeParam } from '../hooks/useMapTypeParam';
import { useMeasureDraw } from '../hooks/useMeasureDraw';
import { usePickedFeatures } from '../hooks/usePickedFeatures';
import { CompareMap } from './compare/CompareMap';
import { DetectionDetailModal } from './detections/DetectionDetailModal';
import { DetectionEditBar } from './edit/DetectionEditBar';
import { ImagesPanel } from './panels/ImagesPanel';
import { LabelEditBar } from './edit/LabelEditBar';
import { LayersTab } from './panels/LayersTab';
import { LotComparePopup } from './popups/LotComparePopup';
import { LotPopup } from './popups/LotPopup';
import { MapLabels } from './canvas/MapLabels';
import { MapLegend } from './canvas/MapLegend';
import { MapStatusBar } from './canvas/MapStatusBar';
import { MapTools } from './tools/MapTools';
import { MapTypeSwitch } from './panels/MapTypeSwitch';
import { MapView } from './canvas/MapView';
import { MeasureResult } from './tools/MeasureResult';
import { Model3dModal } from './model3d/Model3dModal';
import { OptionsPanel } from './panels/OptionsPanel';
import { ProjectDetailsTab } from './panels/ProjectDetailsTab';
import { RotateSlider } from './panels/RotateSlider';
import '../map.css';

/** The full-page map of a project: options panel, map (or two compared), tools, status bar and lot popup. */
export function MapScreen() {
  const project = useCurrentProject();
  const credentials = useCredentials();
  const isAdmin = credentials.role === 'ADMIN';
  const layers = useProjectLayers(project.id);
  const scenes = useProjectScenes(project.id);
  const [mapType, setMapType] = useMapTypeParam();
  const [map, setMap] = useState<MapInstance | null>(null);
  const [zoom, setZoom] = useState(project.defaultZoom);
  const [bearing, setBearing] = useState(0);
  const [cursor, setCursor] = useState<{ lat: number; lng: number } | null>(null);
  const [hiddenTypes, setHiddenTypes] = useState<LayerType[] | null>(null);
  const [labels, setLabels] = useState({ lots: true, blocks: true });
  const [show3d, setShow3d] = useState(false);

  const sceneList = useMemo(() => scenes.data ?? [], [scenes.data]);
  const comparison = useComparison(sceneList);
  const scene = sceneList.find((item) => item.id === comparison.shownId) ?? null;
  const comparing = comparison.before !== null && comparison.after !== null;
  const layerList = useMemo(() => layers.data ?? [], [layers.data]);
  const interactions = useMapInteractions(layerList);
  const available = useMemo(() => {
    const counts = new Map<LayerType, number>();
    for (const layer of layerList) counts.set(layer.type, (counts.get(layer.type) ?? 0) + 1);
    return LAYER_TYPES.filter((type) => counts.has(type)).map((type) => ({
      type,
      count: counts.get(type) ?? 0,
    }));
  }, [layerList]);
  const initiallyHidden = useMemo(
    () => [...new Set(layerList.filter((layer) => !layer.start_visible).map((layer) => layer.type))],
    [layerList],
  );
  const hidden = hiddenTypes ?? initiallyHidden;
  const visibleTypes = useMemo(
    () => available.map((item) => item.type).filter((type) => !hidden.includes(type)),
    [available, hidden],
  );
  const effectiveType: MapType = comparing ? 'satelite' : mapType;
  // Over imagery, lots take their status on the image's date (each compared map its own date).
  const shownDate = effectiveType === 'satelite' && scene ? scene.isoDate : null;
  const beforeDate = comparing && comparison.before ? comparison.before.isoDate : null;
  const { data, beforeData } = useDatedFeatures(project.id, layerList, shownDate, beforeDate);
  const anchors = useMemo(() => labelAnchors(layerList), [layerList]);
  const exportLabels = useMemo(() => ({ anchors, ...labels }), [anchors, labels]);
  const styleFor = useCallback(
    (shown: Scene | null, features: typeof data) =>
      buildMapStyle({
        mapType: effectiveType,
        data: features,
        visibleTypes,
        scene: shown,
        apiToken: credentials.api_token,
        origin: window.location.origin,
      }),
    [effectiveType, visibleTypes, credentials.api_token],
  );
  const style = useMemo(() => styleFor(scene, data), [styleFor, scene, data]);
  const beforeStyle = useMemo(
    () => styleFor(comparison.before, beforeData),
    [styleFor, comparison.before, beforeData],
  );
  const lot = layerList.find((layer) => layer.id === interactions.selectedLot) ?? null;
  const area = layerList.find((layer) => layer.id === interactions.selectedArea) ?? null;
  const model3d = scene?.map3dUrl ? { ...scene, map3dUrl: scene.map3dUrl } : null;
  // Spec 4: 3D only when the scene has a model; not during comparison or label editing.
  const no3d = comparing || interactions.editMode === 'labels';
  usePickedFeatures(map, interactions.picked, style);
  const drawText = useMeasureDraw(map, interactions.tool, style);

  useEffect(() => {
    if (!map) return;
    const onZoom = () => setZoom(map.getZoom());
    const onRotate = () =>
      setBearing((now) => (Math.abs(now - map.getBearing()) % 360 < 0.01 ? now : map.getBearing()));
    onZoom();
    map.on('zoom', onZoom);
    map.on('rotate', onRotate);
    return () => {
      map.off('zoom', onZoom);
      map.off('rotate', onRotate);
    };
  }, [map]);

  const rotate = (value: number) => {
    setBearing(value);
    map?.setBearing(value);
  };
  const fit = useCallback(
    () => map?.fitBounds(project.bounds, { padding: 40, maxZoom: 18 }),
    [map, project.bounds],
  );
  const measureLines = interactions.tool === 'lote' ? interactions.lotMeasure : drawText ? [drawText] : [];

  if (layers.isPending) return <Spin fullscreen tip="Carregando mapa…" />;
  if (layers.isError) return <Alert type="error" showIcon message={MAP_MESSAGES.serverError} />;

  return (
    <div className="map-screen" data-testid="map-screen">
      <OptionsPanel
        layout={project.projectType === 'CONSTRUCTION' ? 'sidebar' : 'tabs'}
        header={<MapTypeSwitch value={effectiveType} onChange={setMapType} />}
        details={<ProjectDetailsTab project={project} role={credentials.role} />}
        images={
          <ImagesPanel
            projectId={project.id}
            scenes={sceneList}
            scenesFailed={scenes.isError}
            scene={scene}
            comparison={comparison}
            isAdmin={isAdmin}
            apiToken={credentials.api_token}
          />
        }
        layers={
          <>
            <LayersTab
              available={available}
              visible={visibleTypes}
              onChange={(shown) =>
                setHiddenTypes(available.map((i) => i.type).filter((t) => !shown.includes(t)))
              }
              labels={labels}
              onLabelsChange={setLabels}
            />
            <RotateSlider value={bearing} onChange={rotate} />
          </>
        }
      />
      <div
        className={`map-stage${comparing ? ` map-stage--${comparison.mode}` : ''}`}
        data-testid="map-stage"
      >
        <MapView
          style={style}
          initialBounds={project.bounds}
          selectedLotId={interactions.selectedLot}
          cursor={interactions.tool === 'lote' ? 'crosshair' : undefined}
          onReady={setMap}
          onPick={interactions.onPick}
          onHoverPick={interactions.onHoverPick}
          onCursor={setCursor}
        />
        {map && <MapLabels map={map} anchors={anchors} lots={labels.lots} blocks={labels.blocks} />}
        {map && comparing && comparison.before && comparison.after && (
          <CompareMap
            primary={map}
            style={beforeStyle}
            mode={comparison.mode}
            beforeLabel={comparison.before.dateFormatted}
            afterLabel={comparison.after.dateFormatted}
            primaryCursor={cursor}
          />
        )}
        <MapTools
          map={map}
          title={project.name}
          scene={scene}
          apiToken={credentials.api_token}
          labels={exportLabels}
          isAdmin={isAdmin}
          tool={interactions.tool}
          onTool={interactions.setTool}
          editMode={interactions.editMode}
          onLabelEdit={interactions.toggleLabelEdit}
          onDetectionEdit={interactions.toggleDetectionEdit}
          onFit={fit}
          onModel3d={model3d ? () => setShow3d(true) : null}
          model3dDisabled={no3d}
        />
        {interactions.tool !== 'none' && (
          <MeasureResult
            tool={interactions.tool}
            lines={measureLines}
            onClose={() => interactions.setTool('none')}
          />
        )}
        {isAdmin && interactions.editMode === 'labels' && (
          <LabelEditBar
            projectId={project.id}
            selected={interactions.picked}
            onClear={interactions.clearPicked}
            onExit={interactions.toggleLabelEdit}
          />
        )}
        {isAdmin && interactions.editMode === 'detections' && (
          <DetectionEditBar
            projectId={project.id}
            scene={scene}
            selected={interactions.picked}
            onClear={interactions.clearPicked}
            onExit={interactions.toggleDetectionEdit}
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
          sections={legendSections(visibleTypes, lotLegendTitle(comparing, shownDate ? scene : null))}
        />
        {lot && comparing && comparison.before && comparison.after && (
          <LotComparePopup
            key={lot.id}
            layer={lot}
            before={comparison.before}
            after={comparison.after}
            onClose={() => interactions.setSelectedLot(null)}
          />
        )}
        {lot && !comparing && (
          <LotPopup
            key={lot.id}
            layer={lot}
            apiToken={credentials.api_token}
            onClose={() => interactions.setSelectedLot(null)}
          />
        )}
        <MapStatusBar
          cursor={cursor}
          zoom={zoom}
          sceneLabel={effectiveType === 'satelite' ? (scene?.dateFormatted ?? null) : null}
        />
      </div>
    </div>
  );
}
