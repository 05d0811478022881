import { Alert, Spin } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { LAYER_TYPES, MAP_MESSAGES, type LayerType } from '@mirante/shared';
import { useCurrentProject } from '../../projects/ProjectContext';
import { useCredentials } from '../../../shared/session/SessionContext';
import { useProjectLayers, useProjectScenes } from '../api';
import { labelAnchors } from '../map/labels';
import { buildMapStyle, toFeatureCollection } from '../map/layerStyles';
import type { MapInstance } from '../map/maplibre';
import { shownScene, toggleScene } from '../map/sceneSelection';
import { useMapTypeParam } from '../map/useMapTypeParam';
import { DetectionLegend } from './DetectionLegend';
import { ImagesTab } from './ImagesTab';
import { LayersTab } from './LayersTab';
import { LotPopup } from './LotPopup';
import { MapLabels } from './MapLabels';
import { MapStatusBar } from './MapStatusBar';
import { MapTypeSwitch } from './MapTypeSwitch';
import { MapView } from './MapView';
import { OptionsPanel } from './OptionsPanel';
import { ProjectDetailsTab } from './ProjectDetailsTab';
import { PublishSceneToggle } from './PublishSceneToggle';
import { ZoomControls } from './ZoomControls';
import '../map.css';

/** The full-page map of a project: options panel, map, tools, status bar and lot popup. */
export function MapScreen() {
  const project = useCurrentProject();
  const credentials = useCredentials();
  const layers = useProjectLayers(project.id);
  const scenes = useProjectScenes(project.id);
  const [mapType, setMapType] = useMapTypeParam();
  const [map, setMap] = useState<MapInstance | null>(null);
  const [zoom, setZoom] = useState(project.defaultZoom);
  const [cursor, setCursor] = useState<{ lat: number; lng: number } | null>(null);
  const [selectedScenes, setSelectedScenes] = useState<number[] | null>(null);
  const [hiddenTypes, setHiddenTypes] = useState<LayerType[] | null>(null);
  const [labels, setLabels] = useState({ lots: true, blocks: true });
  const [selectedLot, setSelectedLot] = useState<number | null>(null);

  const sceneList = useMemo(() => scenes.data ?? [], [scenes.data]);
  const selected = selectedScenes ?? (sceneList[0] ? [sceneList[0].id] : []);
  const shownId = shownScene(selected);
  const scene = sceneList.find((item) => item.id === shownId) ?? null;
  const layerList = useMemo(() => layers.data ?? [], [layers.data]);
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
  const data = useMemo(() => toFeatureCollection(layerList), [layerList]);
  const anchors = useMemo(() => labelAnchors(layerList), [layerList]);
  const style = useMemo(
    () =>
      buildMapStyle({
        mapType,
        data,
        visibleTypes,
        scene,
        apiToken: credentials.api_token,
        origin: window.location.origin,
      }),
    [mapType, data, visibleTypes, scene, credentials.api_token],
  );
  const lot = layerList.find((layer) => layer.id === selectedLot) ?? null;

  useEffect(() => {
    if (!map) return;
    const onZoom = () => setZoom(map.getZoom());
    onZoom();
    map.on('zoom', onZoom);
    return () => {
      map.off('zoom', onZoom);
    };
  }, [map]);

  const fit = useCallback(
    () => map?.fitBounds(project.bounds, { padding: 40, maxZoom: 18 }),
    [map, project.bounds],
  );

  if (layers.isPending) return <Spin fullscreen tip="Carregando mapa…" />;
  if (layers.isError) return <Alert type="error" showIcon message={MAP_MESSAGES.serverError} />;

  return (
    <div className="map-screen" data-testid="map-screen">
      <OptionsPanel
        header={<MapTypeSwitch value={mapType} onChange={setMapType} />}
        details={<ProjectDetailsTab project={project} role={credentials.role} />}
        images={
          <>
            {scenes.isError && <Alert type="error" message={MAP_MESSAGES.scenesFailed} />}
            {credentials.role === 'ADMIN' && scene && <PublishSceneToggle scene={scene} />}
            <ImagesTab
              scenes={sceneList}
              selected={selected}
              apiToken={credentials.api_token}
              onToggle={(id) => setSelectedScenes(toggleScene(selected, id))}
            />
          </>
        }
        layers={
          <LayersTab
            available={available}
            visible={visibleTypes}
            onChange={(shown) =>
              setHiddenTypes(available.map((i) => i.type).filter((t) => !shown.includes(t)))
            }
            labels={labels}
            onLabelsChange={setLabels}
          />
        }
      />
      <div className="map-stage">
        <MapView
          style={style}
          initialBounds={project.bounds}
          selectedLotId={selectedLot}
          onReady={setMap}
          onLotClick={setSelectedLot}
          onCursor={setCursor}
        />
        {map && <MapLabels map={map} anchors={anchors} lots={labels.lots} blocks={labels.blocks} />}
        <div className="map-tools">
          <ZoomControls onZoomIn={() => map?.zoomIn()} onZoomOut={() => map?.zoomOut()} onFit={fit} />
        </div>
        <DetectionLegend />
        {lot && (
          <LotPopup
            key={lot.id}
            layer={lot}
            apiToken={credentials.api_token}
            onClose={() => setSelectedLot(null)}
          />
        )}
        <MapStatusBar
          cursor={cursor}
          zoom={zoom}
          sceneLabel={mapType === 'satelite' ? (scene?.dateFormatted ?? null) : null}
        />
      </div>
    </div>
  );
}
