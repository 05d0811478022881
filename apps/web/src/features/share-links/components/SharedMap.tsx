import { useMemo, useState } from 'react';
import type { SharedView } from '@mirante/shared';
import { MapView, type MapPick } from '../../map/components/canvas/MapView';
import { CompareMap } from '../../map/components/compare/CompareMap';
import { MapLegend } from '../../map/components/canvas/MapLegend';
import type { MapInstance } from '../../map/engine/maplibre';
import { legendSections, lotLegendTitle } from '../../map/style/legendSections';
import { sharedLayerTypes, sharedMapStyle } from '../sharedStyle';
import { SharedLotCard } from './SharedLotCard';

/** A shared map at one date, or two dates compared side by side or with the 'Cortina'. */
export function SharedMap({ view }: { view: SharedView }) {
  const [map, setMap] = useState<MapInstance | null>(null);
  const [cursor, setCursor] = useState<{ lat: number; lng: number } | null>(null);
  const [lotId, setLotId] = useState<number | null>(null);
  const origin = window.location.origin;
  const compared = view.kind === 'compare' && view.scenes.length === 2 ? view.scenes : null;
  const after = view.scenes.at(-1) ?? null;
  const style = useMemo(() => sharedMapStyle(view, after?.isoDate ?? null, origin), [view, after, origin]);
  const beforeStyle = useMemo(
    () => (compared ? sharedMapStyle(view, compared[0]!.isoDate, origin) : null),
    [view, compared, origin],
  );
  const mode = view.compare_mode ?? 'lado-a-lado';
  const onPick = (pick: MapPick) => setLotId(pick.type === 'LOT' ? pick.id : null);
  const legendTitle = lotLegendTitle(compared !== null, after);
  return (
    <div className={`map-stage${compared ? ` map-stage--${mode}` : ''}`} data-testid="shared-map">
      <MapView
        style={style}
        initialBounds={view.project.bounds}
        selectedLotId={lotId}
        onReady={setMap}
        onPick={onPick}
        onCursor={setCursor}
      />
      {map && compared && beforeStyle && (
        <CompareMap
          primary={map}
          style={beforeStyle}
          mode={mode}
          beforeLabel={compared[0]!.dateFormatted}
          afterLabel={compared[1]!.dateFormatted}
          primaryCursor={cursor}
        />
      )}
      <MapLegend sections={legendSections(sharedLayerTypes(view), legendTitle)} />
      {lotId !== null && <SharedLotCard view={view} lotId={lotId} onClose={() => setLotId(null)} />}
    </div>
  );
}
