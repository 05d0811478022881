import { alignmentMessage, displayDate, type SceneAlignment } from '@mirante/shared';
import type { AlignmentRow } from './scene-alignment.repo';

/** An estimate still 'running' after this long died with its process: it is shown as failed. */
export const RUNNING_STALE_MS = 10 * 60 * 1000;

const dataUrl = (bytes: Buffer | null) =>
  bytes ? `data:image/webp;base64,${bytes.toString('base64')}` : null;

export function toSceneAlignment(row: AlignmentRow, now = Date.now()): SceneAlignment {
  const stale = row.status === 'running' && now - row.updatedAt.getTime() > RUNNING_STALE_MS;
  const status = stale ? 'failed' : row.status;
  const referenceDate = displayDate(row.referenceDate);
  const offset: [number, number] = [row.offsetX, row.offsetY];
  const [reference, before, after] = [row.previewReference, row.previewBefore, row.previewAfter].map(dataUrl);
  return {
    sceneId: row.sceneId,
    referenceSceneId: row.referenceSceneId,
    referenceDate,
    status,
    message: alignmentMessage({
      status,
      referenceDate,
      offset,
      confidence: row.confidence,
      overlap: row.overlap,
    }),
    offset,
    shift: [row.shiftX, row.shiftY],
    confidence: row.confidence,
    overlap: row.overlap,
    pixelSize: row.pixelSize,
    decision: row.decision,
    previews: reference && before && after ? { reference, before, after } : null,
  };
}
