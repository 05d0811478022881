import { useMemo, useState } from 'react';
import type { Overlay } from '@mirante/shared';
import { useOverlays, planImageUrl } from '../api';
import type { ShownOverlay } from '../map/overlayStyle';

export interface MapOverlays {
  overlays: readonly Overlay[];
  failed: boolean;
  /** Ids of the overlays drawn (all at first). */
  hidden: ReadonlySet<number>;
  opacityOf(overlay: Overlay): number;
  toggle(id: number, shown: boolean): void;
  setOpacity(id: number, opacity: number): void;
  shown: ShownOverlay[];
}

/** The map screen's plans: which are drawn and how opaque (spec 2.3 sidebar: checkbox and opacity per plan). */
export function useMapOverlays(projectId: number, apiToken: string, enabled: boolean): MapOverlays {
  const query = useOverlays(projectId, enabled);
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const [opacities, setOpacities] = useState<Record<number, number>>({});
  const overlays = useMemo(() => (enabled ? (query.data ?? []) : []), [enabled, query.data]);
  const shown = useMemo(
    () =>
      overlays
        .filter((overlay) => !hidden.has(overlay.id))
        .map((overlay) => ({
          id: overlay.id,
          url: planImageUrl(overlay.hash, apiToken, false, window.location.origin),
          corners: overlay.corners,
          opacity: opacities[overlay.id] ?? overlay.opacity,
        })),
    [overlays, hidden, opacities, apiToken],
  );
  return {
    overlays,
    failed: query.isError,
    hidden,
    opacityOf: (overlay) => opacities[overlay.id] ?? overlay.opacity,
    toggle: (id, on) =>
      setHidden((current) => {
        const next = new Set(current);
        if (on) next.delete(id);
        else next.add(id);
        return next;
      }),
    setOpacity: (id, opacity) => setOpacities((current) => ({ ...current, [id]: opacity })),
    shown,
  };
}
