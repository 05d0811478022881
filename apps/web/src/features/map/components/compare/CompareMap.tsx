import { useState } from 'react';
import type { StyleSpecification } from 'maplibre-gl';
import type { MapInstance } from '../../engine/maplibre';
import type { CompareMode } from '../../hooks/useComparison';
import { useSyncedMaps } from '../../hooks/useSyncedMaps';
import { MapView } from '../canvas/MapView';
import { MirrorCursor } from './MirrorCursor';
import { SwipeDivider } from './SwipeDivider';

export interface CompareMapProps {
  primary: MapInstance;
  /** The style of the 'Antes' scene; the primary map shows 'Depois'. */
  style: StyleSpecification;
  mode: CompareMode;
  beforeLabel: string;
  afterLabel: string;
  /** The pointer on the primary map. */
  primaryCursor: { lat: number; lng: number } | null;
}

/** The 'Antes' map beside the primary one (or over it, clipped by the swipe divider), synced, with mirrored cursors. */
export function CompareMap({
  primary,
  style,
  mode,
  beforeLabel,
  afterLabel,
  primaryCursor,
}: CompareMapProps) {
  const [secondary, setSecondary] = useState<MapInstance | null>(null);
  const [cursor, setCursor] = useState<{ lat: number; lng: number } | null>(null);
  const [split, setSplit] = useState(0.5);
  useSyncedMaps(primary, secondary);
  const bounds = primary.getBounds();
  const clip = mode === 'cortina' ? { clipPath: `inset(0 ${(1 - split) * 100}% 0 0)` } : undefined;
  return (
    <>
      <div className={`compare-pane compare-pane--${mode}`} style={clip} data-testid="compare-pane">
        <MapView
          style={style}
          initialBounds={[
            [bounds.getWest(), bounds.getSouth()],
            [bounds.getEast(), bounds.getNorth()],
          ]}
          onReady={setSecondary}
          onCursor={setCursor}
        />
        {secondary && mode === 'lado-a-lado' && <MirrorCursor map={secondary} position={primaryCursor} />}
      </div>
      {mode === 'lado-a-lado' && <MirrorCursor map={primary} position={cursor} />}
      {mode === 'cortina' && <SwipeDivider position={split} onChange={setSplit} />}
      <span className="compare-badge compare-badge--before" data-testid="compare-before">
        Antes: {beforeLabel}
      </span>
      <span
        className={`compare-badge compare-badge--after compare-badge--${mode}`}
        data-testid="compare-after"
      >
        Depois: {afterLabel}
      </span>
    </>
  );
}
