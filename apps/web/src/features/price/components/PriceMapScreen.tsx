import { Alert, Spin, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { MAP_MESSAGES, hasModule } from '@mirante/shared';
import { useCurrentProject } from '../../projects/ProjectContext';
import { useCredentials } from '../../../shared/session/SessionContext';
import { useProjectScenes } from '../../map/api';
import { MapLabels } from '../../map/components/canvas/MapLabels';
import { MapView } from '../../map/components/canvas/MapView';
import type { MapInstance } from '../../map/engine/maplibre';
import { usePriceLayers, useSaleAlertLots } from '../api';
import { PRICE_BANDS } from '../style/priceBands';
import {
  buildPriceMapStyle,
  heatPoints,
  priceAnchors,
  toPriceFeatures,
  type PriceMapType,
} from '../style/priceStyles';
import { priceSummary } from '../style/priceSummary';
import { PriceDetails } from './PriceDetails';
import { PriceFilters } from './PriceFilters';
import { PriceLegend } from './PriceLegend';
import '../../map/map.css';
import '../price.css';

/**
 * The price map ('Metro quadrado', the analysis pages): lots coloured by price per m² (sale value ÷ area) in the six
 * bands of the business limits, filtered by band, with 'Mapa de calor', map/satellite and a details tab; lots flagged by
 * sales read against the imagery outlined on demand.
 */
export function PriceMapScreen() {
  const project = useCurrentProject();
  const credentials = useCredentials();
  const seesValues = hasModule(credentials, 'allotment.finance');
  const layers = usePriceLayers(project.id);
  const scenes = useProjectScenes(project.id);
  const alerts = useSaleAlertLots(project.id, seesValues);
  const [map, setMap] = useState<MapInstance | null>(null);
  const [mapType, setMapType] = useState<PriceMapType>('mapa');
  const [bands, setBands] = useState<string[]>(PRICE_BANDS.map((band) => band.key));
  const [heatMap, setHeatMap] = useState(false);
  const [showAlerts, setShowAlerts] = useState(false);
  const [tab, setTab] = useState('filtros');
  const [selected, setSelected] = useState<number | null>(null);

  const layerList = useMemo(() => layers.data ?? [], [layers.data]);
  const alertMap = alerts.data;
  const alertIds = useMemo(() => new Set(alertMap?.keys() ?? []), [alertMap]);
  const data = useMemo(() => toPriceFeatures(layerList, alertIds), [layerList, alertIds]);
  const heat = useMemo(() => heatPoints(layerList), [layerList]);
  const anchors = useMemo(() => priceAnchors(layerList), [layerList]);
  const summary = useMemo(() => priceSummary(layerList), [layerList]);
  const scene = useMemo(
    () =>
      (scenes.data ?? [])
        .filter((item) => item.status === 'ready')
        .sort((a, b) => (a.isoDate < b.isoDate ? 1 : -1))[0] ?? null,
    [scenes.data],
  );
  const style = useMemo(
    () =>
      buildPriceMapStyle({
        mapType,
        data,
        heat,
        bands,
        heatMap,
        alerts: showAlerts,
        scene,
        apiToken: credentials.api_token,
        origin: window.location.origin,
      }),
    [mapType, data, heat, bands, heatMap, showAlerts, scene, credentials.api_token],
  );

  if (layers.isPending) return <Spin fullscreen tip="Carregando mapa…" />;
  if (layers.isError) return <Alert type="error" showIcon message={MAP_MESSAGES.serverError} />;
  const lot = layerList.find((layer) => layer.id === selected) ?? null;

  return (
    <div className="map-screen price-map" data-testid="price-map">
      <aside className="map-options">
        <div className="map-options__header">
          <h2 className="price-title">Metro quadrado</h2>
        </div>
        <Tabs
          className="map-options__tabs"
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'filtros',
              label: 'Filtros',
              children: (
                <>
                  {!seesValues && (
                    <Alert
                      type="info"
                      showIcon
                      className="price-note"
                      message="Os preços por m² vêm dos valores de venda da carteira e exigem o módulo Financeiro."
                    />
                  )}
                  <PriceFilters
                    mapType={mapType}
                    onMapType={setMapType}
                    bands={bands}
                    onBands={setBands}
                    perBand={summary.perBand}
                    heatMap={heatMap}
                    onHeatMap={setHeatMap}
                    alerts={seesValues ? { on: showAlerts, count: alertIds.size } : null}
                    onAlerts={setShowAlerts}
                  />
                </>
              ),
            },
            {
              key: 'detalhes',
              label: 'Detalhes',
              children: (
                <PriceDetails summary={summary} lot={lot} alerts={alertMap?.get(selected ?? 0) ?? []} />
              ),
            },
          ]}
        />
      </aside>
      <div className="map-stage" data-testid="map-stage">
        <MapView
          style={style}
          initialBounds={project.bounds}
          selectedLotId={selected}
          onReady={setMap}
          onPick={(pick) => {
            if (pick.type !== 'LOT') return;
            setSelected(pick.id);
            setTab('detalhes');
          }}
        />
        {map && <MapLabels map={map} anchors={anchors} lots blocks />}
        <PriceLegend />
      </div>
    </div>
  );
}
