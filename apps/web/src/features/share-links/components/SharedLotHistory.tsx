import { useMemo, useState } from 'react';

import { detectionTypeOf, displayDate, type SharedView } from '@mirante/shared';
import { MapView } from '../../map/components/canvas/MapView';
import { MapLegend } from '../../map/components/canvas/MapLegend';
import { legendSections, lotLegendTitle } from '../../map/style/legendSections';
import { layerBounds, sharedLayerTypes, sharedMapStyle } from '../sharedStyle';
import { SHARE_TEXTS } from '../texts';
import { ColourTag } from '../../../shared/ui/ColourTag';

/** One lot's history: its status at every published date, the map of the chosen date fitted to the lot. */
export function SharedLotHistory({ view }: { view: SharedView }) {
  const [date, setDate] = useState<string | null>(view.scenes.at(-1)?.isoDate ?? null);
  const origin = window.location.origin;
  const style = useMemo(() => sharedMapStyle(view, date, origin), [view, date, origin]);
  const lotLayer = view.layers.find((layer) => layer.id === view.lot?.id);
  const history = view.statuses.find((item) => item.layer_id === view.lot?.id)?.by_date ?? [];
  const observations = view.observations?.filter((item) => item.layer_id === view.lot?.id) ?? null;
  const shown = view.scenes.find((scene) => scene.isoDate === date) ?? null;
  return (
    <div className="shared-lot">
      <aside className="shared-lot__panel" aria-label={SHARE_TEXTS.lotHistory}>
        <h2>{SHARE_TEXTS.lotHistory}</h2>
        <p className="shared-lot__name">
          {view.lot?.name}
          {view.lot?.block ? ` — ${view.lot.block}` : ''}
        </p>
        <ol className="shared-lot__dates">
          {[...history].reverse().map((entry) => {
            const type = detectionTypeOf(entry.status);
            return (
              <li key={entry.date}>
                <button
                  type="button"
                  className={`shared-lot__date${entry.date === date ? ' shared-lot__date--active' : ''}`}
                  aria-pressed={entry.date === date}
                  onClick={() => setDate(entry.date)}
                >
                  <span>{displayDate(entry.date)}</span>
                  <ColourTag colour={type?.color}>{type?.name ?? SHARE_TEXTS.noStatus}</ColourTag>
                </button>
              </li>
            );
          })}
        </ol>
        {observations && observations.length > 0 && (
          <div className="shared-lot__observations">
            <strong>{SHARE_TEXTS.observationsTitle}</strong>
            <ul>
              {observations.map((item, index) => (
                <li key={`${item.date}-${index}`}>
                  <span>{displayDate(item.date)}</span> {item.description}
                </li>
              ))}
            </ul>
          </div>
        )}
      </aside>
      <div className="map-stage" data-testid="shared-map">
        <MapView
          style={style}
          initialBounds={lotLayer ? layerBounds(lotLayer) : view.project.bounds}
          selectedLotId={view.lot?.id ?? null}
        />
        <MapLegend sections={legendSections(sharedLayerTypes(view), lotLegendTitle(false, shown))} />
      </div>
    </div>
  );
}
