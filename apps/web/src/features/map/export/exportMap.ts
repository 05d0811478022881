import { DETECTION_TYPES } from '@mirante/shared';
import { drawLabels, placedLabels, type ExportLabels } from './exportLabels';
import type { MapInstance } from '../engine/maplibre';
import { formatScale, scaleBar, scaleDenominator } from './mapScale';

/**
 * The current map frame as PNG, with the lot/block labels the screen shows. The canvas doesn't keep its drawing
 * buffer (that costs a copy every frame in software WebGL), so the frame is copied inside the `render` event,
 * before the browser presents and clears it.
 */
export function mapPng(map: MapInstance, labels?: ExportLabels): Promise<Blob> {
  return new Promise((resolve, reject) => {
    map.once('render', () => {
      const source = map.getCanvas();
      const frame = document.createElement('canvas');
      frame.width = source.width;
      frame.height = source.height;
      const context = frame.getContext('2d');
      if (!context) return reject(new Error('canvas 2d indisponível'));
      context.drawImage(source, 0, 0);
      if (labels) {
        const ratio = source.width / (source.clientWidth || source.width);
        drawLabels(context, placedLabels(map, labels), ratio);
      }
      frame.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas vazio'))), 'image/png');
    });
    map.triggerRepaint();
  });
}

export interface PdfInput {
  title: string;
  /** DD/MM/YYYY of the shown image, or of today */
  date: string;
  labels?: ExportLabels;
}

const hexToRgb = (hex: string): [number, number, number] => [
  parseInt(hex.slice(1, 3), 16),
  parseInt(hex.slice(3, 5), 16),
  parseInt(hex.slice(5, 7), 16),
];

/** A landscape A4 PDF: title, date, the map, its scale (text and bar) and the detection legend. */
export async function mapPdf(map: MapInstance, input: PdfInput): Promise<Blob> {
  const { jsPDF } = await import('jspdf');
  const png = await mapPng(map, input.labels);
  const dataUrl = await new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsDataURL(png);
  });
  const doc = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'a4' });
  const canvas = map.getCanvas();
  const cssWidth = canvas.clientWidth || canvas.width;
  const cssHeight = canvas.clientHeight || canvas.height;
  const box = { x: 10, y: 24, width: 215, height: 176 };
  const fit = Math.min(box.width / cssWidth, box.height / cssHeight);
  const width = cssWidth * fit;
  const height = cssHeight * fit;
  doc.setFontSize(16).text(input.title, 10, 12);
  doc.setFontSize(10).setTextColor(90).text(`Data da imagem: ${input.date}`, 10, 18);
  doc.addImage(dataUrl, 'PNG', box.x, box.y, width, height);
  doc.setDrawColor(180).rect(box.x, box.y, width, height);

  const side = 232;
  const center = map.getCenter();
  const zoom = map.getZoom();
  // The PDF shrinks the screen by `fit` mm per CSS pixel; a CSS pixel is 0.2646 mm on screen.
  const denominator = scaleDenominator(center.lat, zoom) * (0.2646 / fit);
  const rounded = Math.round(denominator / 10) * 10;
  doc.setTextColor(30).setFontSize(11).text(formatScale(rounded), side, 30);
  const bar = scaleBar(center.lat, zoom, 50 / fit);
  const barMm = bar.pixels * fit;
  doc.setFillColor(30, 30, 30).rect(side, 34, barMm, 2, 'F');
  doc.setFontSize(9).text(bar.metres >= 1000 ? `${bar.metres / 1000} km` : `${bar.metres} m`, side, 41);

  doc.setFontSize(11).text('Legenda', side, 52);
  DETECTION_TYPES.filter((type) => type.key !== 'X').forEach((type, index) => {
    const y = 58 + index * 7;
    doc.setFillColor(...hexToRgb(type.color)).rect(side, y - 3.5, 5, 5, 'F');
    doc.setFontSize(9).text(type.name, side + 7, y);
  });
  const last = 58 + DETECTION_TYPES.length * 7;
  doc.setFillColor(154, 163, 173).rect(side, last - 3.5, 5, 5, 'F');
  doc.text('Sem detecção', side + 7, last);
  doc
    .setFontSize(8)
    .setTextColor(120)
    .text(`Mirante · gerado em ${new Date().toLocaleString('pt-BR')}`, 10, 205);
  return doc.output('blob');
}
