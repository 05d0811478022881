import { Alert, Collapse, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { ENVIRONMENT_MESSAGES, MAP_MESSAGES, isAdmin as holdsAdminRole } from '@mirante/shared';
import { statusOf } from '../../../shared/api/ApiError';
import { useCredentials } from '../../../shared/session/SessionContext';
import { NoImagesScreen } from '../../../shared/status/NoImagesScreen';
import { useProjectLayers, useProjectScenes } from '../../map/api';
import { MapLabels } from '../../map/components/canvas/MapLabels';
import { MapLegend } from '../../map/components/canvas/MapLegend';
import { MapStatusBar } from '../../map/components/canvas/MapStatusBar';
import { MapView } from '../../map/components/canvas/MapView';
import { CompareMap } from '../../map/components/compare/CompareMap';
import { ImagesPanel } from '../../map/components/panels/ImagesPanel';
import { LayersTab } from '../../map/components/panels/LayersTab';
import { ProjectDetailsTab } from '../../map/components/panels/ProjectDetailsTab';
import type { MapInstance } from '../../map/engine/maplibre';
import { useComparison } from '../../map/hooks/useComparison';
import { useLayerVisibility } from '../../map/hooks/useLayerVisibility';
import { useMapCamera } from '../../map/hooks/useMapCamera';
import { useMapStyles } from '../../map/hooks/useMapStyles';
import { labelAnchors } from '../../map/style/labels';
import { legendSections, lotLegendTitle } from '../../map/style/legendSections';
import { useCurrentProject } from '../../projects/ProjectContext';
import { useAllotmentAnalyses, useLastScene } from '../api';
import { AnalysisSection } from '../components/AnalysisSection';
import { SettingsSection, type AnalysisSettings } from '../components/SettingsSection';
import { withoutDetectionColors } from '../withoutDetectionColors';
import '../../map/map.css';
import '../allotment-analysis.css';

/**
 * The allotment analysis page (module allotment.analysis): the imagery with the lots coloured by the
 * chosen analysis, and the accordion Análise, Imagens, Camadas, Detalhes, Configurações.
 */
export default function AllotmentAnalysisPage() {
  const project = useCurrentProject();
  const credentials = useCredentials();
  const isAdmin = holdsAdminRole(credentials);
  const layers = useProjectLayers(project.id);
  const scenes = useProjectScenes(project.id);
  const analyses = useAllotmentAnalyses(project.id);
  const lastScene = useLastScene(project.id);
  const [map, setMap] = useState<MapInstance | null>(null);
  const [cursor, setCursor] = useState<{ lat: number; lng: number } | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [picked, setPicked] = useState(false);
  const [settings, setSettings] = useState<AnalysisSettings>({
    detectionColors: true,
    lots: true,
    blocks: true,
  });

  const sceneList = useMemo(() => scenes.data ?? [], [scenes.data]);
  const analysisList = useMemo(() => analyses.data ?? [], [analyses.data]);
  // The error catalogue: a 404 on detection data is treated as empty.
  const analysesFailed = analyses.isError && statusOf(analyses.error) !== 404;
  const current = analysisList.find((a) => a.detectId === chosen) ?? analysisList[0] ?? null;
  const comparison = useComparison(sceneList);
  const shownId = picked || !current ? comparison.shownId : current.sceneId;
  const scene = sceneList.find((item) => item.id === shownId) ?? null;
  const compared =
    comparison.before && comparison.after ? { before: comparison.before, after: comparison.after } : null;
  const layerList = useMemo(() => layers.data ?? [], [layers.data]);
  const visibility = useLayerVisibility(layerList);
  const camera = useMapCamera(map, project.defaultZoom, project.bounds);
  const { style, beforeStyle, shownDate } = useMapStyles({
    projectId: project.id,
    layers: layerList,
    reviewOnly: false,
    mapType: 'satelite',
    scene,
    before: compared?.before ?? null,
    visibleTypes: visibility.visibleTypes,
    apiToken: credentials.api_token,
  });
  const shownStyle = useMemo(
    () => (settings.detectionColors ? style : withoutDetectionColors(style)),
    [settings.detectionColors, style],
  );
  const anchors = useMemo(() => labelAnchors(layerList), [layerList]);

  // The error catalogue: a warning with its reason; the page goes on without the latest image.
  const lastSceneWarning = lastScene.isError
    ? `${ENVIRONMENT_MESSAGES.lastSceneFailed} ${(lastScene.error as Error).message}`
    : null;

  if (layers.isPending || scenes.isPending) return <Spin fullscreen tip="Carregando análise…" />;
  if (scenes.isError)
    return (
      <Alert type="error" showIcon className="analysis-error" message={ENVIRONMENT_MESSAGES.scenesFailed} />
    );
  if (layers.isError)
    return <Alert type="error" showIcon className="analysis-error" message={MAP_MESSAGES.serverError} />;
  if (sceneList.length === 0) return <NoImagesScreen />;

  const pickScene = { ...comparison, clickCard: (id: number) => (setPicked(true), comparison.clickCard(id)) };
  const items = [
    {
      key: 'analise',
      label: 'Análise',
      children: (
        <AnalysisSection
          projectId={project.id}
          analyses={analysisList}
          failed={analysesFailed}
          loading={analyses.isPending}
          selected={current}
          isAdmin={isAdmin}
          lastScene={lastScene.data?.data ?? null}
          lastSceneWarning={lastSceneWarning}
          onSelect={(analysis) => {
            setChosen(analysis.detectId);
            setPicked(false);
            comparison.showScene(analysis.sceneId);
          }}
        />
      ),
    },
    {
      key: 'imagens',
      label: 'Imagens',
      children: (
        <ImagesPanel
          projectId={project.id}
          scenes={sceneList}
          scenesFailed={false}
          scene={scene}
          comparison={pickScene}
          isAdmin={isAdmin}
          apiToken={credentials.api_token}
        />
      ),
    },
    {
      key: 'camadas',
      label: 'Camadas',
      children: (
        <LayersTab
          available={visibility.available}
          visible={visibility.visibleTypes}
          onChange={visibility.showTypes}
        />
      ),
    },
    {
      key: 'detalhes',
      label: 'Detalhes',
      children: <ProjectDetailsTab project={project} role={credentials.role} />,
    },
    {
      key: 'configuracoes',
      label: 'Configurações',
      children: (
        <SettingsSection projectId={project.id} scene={scene} settings={settings} onChange={setSettings} />
      ),
    },
  ];

  return (
    <div className="map-screen analysis-page" data-testid="allotment-analysis">
      <aside className="map-options" data-testid="analysis-sidebar">
        <h1 className="analysis-page__title">Análise</h1>
        <Collapse
          className="analysis-page__accordion"
          accordion
          defaultActiveKey={['analise']}
          items={items}
        />
      </aside>
      <div className={`map-stage${compared ? ` map-stage--${comparison.mode}` : ''}`} data-testid="map-stage">
        <MapView style={shownStyle} initialBounds={project.bounds} onReady={setMap} onCursor={setCursor} />
        {map && <MapLabels map={map} anchors={anchors} lots={settings.lots} blocks={settings.blocks} />}
        {map && compared && (
          <CompareMap
            primary={map}
            style={settings.detectionColors ? beforeStyle : withoutDetectionColors(beforeStyle)}
            mode={comparison.mode}
            beforeLabel={compared.before.dateFormatted}
            afterLabel={compared.after.dateFormatted}
            primaryCursor={cursor}
          />
        )}
        {settings.detectionColors && (
          <MapLegend
            sections={legendSections(
              visibility.visibleTypes,
              lotLegendTitle(compared !== null, shownDate ? scene : null),
            )}
          />
        )}
        <MapStatusBar cursor={cursor} zoom={camera.zoom} sceneLabel={scene?.dateFormatted ?? null} />
      </div>
    </div>
  );
}
