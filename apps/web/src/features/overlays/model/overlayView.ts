import { z } from 'zod';
import { APP_VERSION, OVERLAY_OPACITY } from '@mirante/shared';

/** What the sidebar's overlay controls were left at: the plans unticked and the opacities moved. */
export interface OverlayView {
  hidden: number[];
  opacities: Record<number, number>;
}

const EMPTY: OverlayView = { hidden: [], opacities: {} };

const storedSchema = z.object({
  hidden: z.array(z.number().int()).max(1000),
  opacities: z.record(
    z.string().regex(/^\d+$/),
    z.number().int().min(OVERLAY_OPACITY.min).max(OVERLAY_OPACITY.max),
  ),
});

/** One key per user and project (leaving the session clears local storage, and this with it). */
export const overlayViewKey = (userId: number, projectId: number) =>
  `mirante-overlays-${APP_VERSION}-${userId}-${projectId}`;

/** The stored view, or none when nothing (or something unreadable) is stored. */
export function readOverlayView(storage: Pick<Storage, 'getItem'>, key: string): OverlayView {
  try {
    const parsed = storedSchema.safeParse(JSON.parse(storage.getItem(key) ?? 'null'));
    if (!parsed.success) return EMPTY;
    const opacities: Record<number, number> = {};
    for (const [id, value] of Object.entries(parsed.data.opacities)) opacities[Number(id)] = value;
    return { hidden: parsed.data.hidden, opacities };
  } catch {
    return EMPTY;
  }
}

export function writeOverlayView(storage: Pick<Storage, 'setItem'>, key: string, view: OverlayView): void {
  try {
    storage.setItem(key, JSON.stringify(view));
  } catch {
    // A full or refused storage only loses the preference, never the screen.
  }
}
