import { DETECTION_TYPES } from '@mirante/shared';
import { UNCLASSIFIED_COLOR } from '../map/layerStyles';

/** Lot colours: by their status on the shown image's date, or by their latest detection. */
export function DetectionLegend({ title }: { title: string }) {
  return (
    <div className="map-legend" data-testid="map-legend">
      <span className="map-legend__title">{title}</span>
      {DETECTION_TYPES.filter((type) => type.key !== 'X').map((type) => (
        <span key={type.key} className="map-legend__item">
          <i style={{ background: type.color }} />
          {type.name}
        </span>
      ))}
      <span className="map-legend__item">
        <i style={{ background: UNCLASSIFIED_COLOR }} />
        Sem detecção
      </span>
    </div>
  );
}
