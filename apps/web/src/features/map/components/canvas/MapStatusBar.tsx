import { useFeedback } from '../../../../shared/feedback/useFeedback';
import { formatLatLng } from '../../model/format';

export interface MapStatusBarProps {
  cursor: { lat: number; lng: number } | null;
  zoom: number;
  sceneLabel: string | null;
}

/** Bottom bar: cursor latitude/longitude (click copies), image type RGB, zoom level. */
export function MapStatusBar({ cursor, zoom, sceneLabel }: MapStatusBarProps) {
  const message = useFeedback();
  const text = cursor ? formatLatLng(cursor.lat, cursor.lng) : 'Lat: — Lng: —';
  const copy = async () => {
    if (!cursor) return;
    const value = `${cursor.lat.toFixed(6)}, ${cursor.lng.toFixed(6)}`;
    try {
      await navigator.clipboard.writeText(value);
      void message.success(`Coordenadas copiadas: ${value}`);
    } catch {
      void message.info(value);
    }
  };
  return (
    <div className="map-status-bar" data-testid="map-status-bar">
      <button
        type="button"
        className="map-status-bar__coords"
        onClick={() => void copy()}
        title="Clique para copiar"
      >
        {text}
      </button>
      <span className="map-status-bar__item">RGB</span>
      {sceneLabel && <span className="map-status-bar__item">Imagem: {sceneLabel}</span>}
      <span className="map-status-bar__item" data-testid="map-zoom">
        Zoom: {zoom.toFixed(1)}
      </span>
    </div>
  );
}
