import { placeLabels, type LabelSize, type PlacedLabel } from '../style/labelPlacement';
import { labelsInView, type LabelAnchor } from '../style/labels';
import type { MapInstance } from '../engine/maplibre';

export interface ExportLabels {
  anchors: readonly LabelAnchor[];
  lots: boolean;
  blocks: boolean;
}

export type { PlacedLabel };

/** The labels to show now (the business limits zoom thresholds, only those in view), placed at their screen positions. */
export function placedLabels(map: MapInstance, labels: ExportLabels): PlacedLabel[] {
  const bounds = map.getBounds();
  const view = {
    west: bounds.getWest(),
    south: bounds.getSouth(),
    east: bounds.getEast(),
    north: bounds.getNorth(),
  };
  const candidates = labelsInView(labels.anchors, map.getZoom(), view, labels).map((anchor) => {
    const point = map.project([anchor.lng, anchor.lat]);
    const ring =
      anchor.kind === 'lot'
        ? anchor.ring.map(([lng = 0, lat = 0]) => {
            const vertex = map.project([lng, lat]);
            return { x: vertex.x, y: vertex.y };
          })
        : undefined;
    return { id: anchor.id, kind: anchor.kind, text: anchor.text, x: point.x, y: point.y, ring };
  });
  return placeLabels(candidates, measureLabel);
}

const LOOK: Record<LabelAnchor['kind'], { font: string; size: number; fill: string; halo: string }> = {
  lot: { font: '600 11px system-ui, sans-serif', size: 11, fill: '#1b1f23', halo: '#ffffff' },
  block: { font: '700 13px system-ui, sans-serif', size: 13, fill: '#123d29', halo: '#ffffff' },
  stage: { font: '800 15px system-ui, sans-serif', size: 15, fill: '#ffffff', halo: '#000000' },
};

let measuring: CanvasRenderingContext2D | null = null;

/** A label's text box in CSS pixels as map.css draws it (same fonts; line height 1.2; the halo around). */
function measureLabel(text: string, kind: LabelAnchor['kind']): LabelSize {
  measuring ??= document.createElement('canvas').getContext('2d');
  const look = LOOK[kind];
  const shown = kind === 'stage' ? text.toUpperCase() : text;
  let width = shown.length * look.size * 0.62;
  if (measuring) {
    measuring.font = look.font;
    width = measuring.measureText(shown).width;
  }
  // Stages are spaced 0.04em apart on screen.
  if (kind === 'stage') width += shown.length * look.size * 0.04;
  return { width: width + 4, height: look.size * 1.2 + 2 };
}

/**
 * Draws labels as the map shows them (text with a halo) onto an export canvas whose pixels are `ratio` times
 * the CSS pixels. The map's DOM labels are not part of its WebGL canvas, so exports draw them again here.
 */
export function drawLabels(
  context: CanvasRenderingContext2D,
  labels: readonly PlacedLabel[],
  ratio: number,
): void {
  context.save();
  context.scale(ratio, ratio);
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.lineJoin = 'round';
  for (const label of labels) {
    const look = LOOK[label.kind];
    const text = label.kind === 'stage' ? label.text.toUpperCase() : label.text;
    context.font = look.font;
    context.lineWidth = 3;
    context.strokeStyle = look.halo;
    context.strokeText(text, label.x, label.y);
    context.fillStyle = look.fill;
    context.fillText(text, label.x, label.y);
  }
  context.restore();
}
