import { useEffect, useMemo, useState } from 'react';
import type { Overlay } from '@mirante/shared';
import { useOverlays, planImageUrl } from '../api';
import type { ShownOverlay } from '../map/overlayStyle';
import { overlayViewKey, readOverlayView, writeOverlayView } from '../model/overlayView';

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

/**
 * The map screen's plans: which are drawn and how opaque (the map screens sidebar: checkbox and opacity per plan), kept
 * per user and project in local storage so that a reload finds them as they were left.
 */
export function useMapOverlays(
  projectId: number,
  userId: number,
  apiToken: string,
  enabled: boolean,
): MapOverlays {
  const query = useOverlays(projectId, enabled);
  const key = overlayViewKey(userId, projectId);
  const [view, setView] = useState(() => ({ key, ...readOverlayView(localStorage, key) }));
  // Another project (or user): its own stored view.
  const current = view.key === key ? view : { key, ...readOverlayView(localStorage, key) };
  if (current !== view) setView(current);
  const hidden = useMemo<ReadonlySet<number>>(() => new Set(current.hidden), [current.hidden]);
  const opacities = current.opacities;
  useEffect(() => {
    writeOverlayView(localStorage, view.key, { hidden: view.hidden, opacities: view.opacities });
  }, [view]);
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
      setView((state) => ({
        ...state,
        hidden: on ? state.hidden.filter((item) => item !== id) : [...new Set([...state.hidden, id])],
      })),
    setOpacity: (id, opacity) =>
      setView((state) => ({ ...state, opacities: { ...state.opacities, [id]: opacity } })),
    shown,
  };
}
