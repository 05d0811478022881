import { labelsInView, type LabelAnchor } from '../style/labels';
import type { MapInstance } from '../engine/maplibre';

export interface ExportLabels {
  anchors: readonly LabelAnchor[];
  lots: boolean;
  blocks: boolean;
}

export interface PlacedLabel {
  id: number;
  kind: LabelAnchor['kind'];
  text: string;
  /** CSS pixels from the map's top left */
  x: number;
  y: number;
}

/** The labels to show now (spec 9 zoom thresholds, only those in view), at their screen positions. */
export function placedLabels(map: MapInstance, labels: ExportLabels): PlacedLabel[] {
  const bounds = map.getBounds();
  const view = {
    west: bounds.getWest(),
    south: bounds.getSouth(),
    east: bounds.getEast(),
    north: bounds.getNorth(),
  };
  return labelsInView(labels.anchors, map.getZoom(), view, labels).map((anchor) => {
    const point = map.project([anchor.lng, anchor.lat]);
    return { id: anchor.id, kind: anchor.kind, text: anchor.text, x: point.x, y: point.y };
  });
}

const LOOK: Record<LabelAnchor['kind'], { font: string; fill: string; halo: string }> = {
  lot: { font: '600 11px system-ui, sans-serif', fill: '#1b1f23', halo: '#ffffff' },
  block: { font: '700 13px system-ui, sans-serif', fill: '#123d29', halo: '#ffffff' },
  stage: { font: '800 15px system-ui, sans-serif', fill: '#ffffff', halo: '#000000' },
};

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
