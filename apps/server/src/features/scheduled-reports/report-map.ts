import { detectionTypeOf } from '@mirante/shared';
import type { Position } from 'geojson';
import sharp from 'sharp';
import { areaBounds } from '../environment';
import type { LotGeometry, ReportDocument } from './report-document';

const WIDTH = 1400;
const MARGIN = 50;
const METRES_PER_DEGREE = 111_320;

/** A round length (1, 2 or 5 × 10ⁿ m) near a fifth of the map's width. */
function scaleLength(widthM: number): number {
  const target = widthM / 5;
  const power = 10 ** Math.floor(Math.log10(target));
  return [5, 2, 1].map((m) => m * power).find((length) => length <= target) ?? power;
}

const rings = (geometry: LotGeometry): Position[][] =>
  geometry.type === 'Polygon' ? geometry.coordinates : geometry.coordinates.flat();

/** Bounds of the boundary, else of the lots. */
function mapBounds(document: ReportDocument): [number, number, number, number] | null {
  if (document.boundary) return areaBounds(document.boundary);
  if (document.lots.length === 0) return null;
  const all = document.lots.flatMap((lot) => rings(lot.geometry));
  return areaBounds({ type: 'Polygon', coordinates: all });
}

/**
 * The report's map as a PNG: every lot filled with the colour of its status on the latest date, the project's
 * boundary, a north arrow and a scale bar (the legend with the counts is the PDF's). Null without lots.
 */
export async function reportMapPng(document: ReportDocument): Promise<Buffer | null> {
  const bounds = mapBounds(document);
  if (!bounds) return null;
  const [west, south, east, north] = bounds;
  const cosLat = Math.cos((((south + north) / 2) * Math.PI) / 180);
  const widthM = Math.max(1, (east - west) * METRES_PER_DEGREE * cosLat);
  const heightM = Math.max(1, (north - south) * METRES_PER_DEGREE);
  const inner = WIDTH - 2 * MARGIN;
  const metresPerPx = Math.max(widthM / inner, heightM / (inner * 0.8));
  const height = Math.round(heightM / metresPerPx) + 2 * MARGIN;
  const point = ([lon = 0, lat = 0]: Position) =>
    `${(MARGIN + ((lon - west) * METRES_PER_DEGREE * cosLat) / metresPerPx).toFixed(1)} ` +
    `${(MARGIN + ((north - lat) * METRES_PER_DEGREE) / metresPerPx).toFixed(1)}`;
  const path = (geometry: LotGeometry) =>
    rings(geometry)
      .map((ring) => `M${ring.map(point).join(' L')} Z`)
      .join(' ');
  const lots = document.lots
    .map((lot) => {
      const color = detectionTypeOf(lot.status)?.color ?? '#9aa3ad';
      return `<path d="${path(lot.geometry)}" fill="${color}" fill-opacity="0.85" fill-rule="evenodd" stroke="#ffffff" stroke-width="1"/>`;
    })
    .join('');
  const boundary = document.boundary
    ? `<path d="${path(document.boundary)}" fill="none" stroke="#333333" stroke-width="2.5" stroke-dasharray="10 6"/>`
    : '';
  const bar = scaleLength(widthM);
  const barPx = bar / metresPerPx;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}">` +
    `<rect width="${WIDTH}" height="${height}" fill="#f4f1ea"/>` +
    lots +
    boundary +
    `<g font-family="sans-serif" fill="#222222">` +
    `<path d="M ${WIDTH - 40} 50 l 14 34 l -14 -9 l -14 9 Z"/>` +
    `<text x="${WIDTH - 40}" y="42" font-size="20" text-anchor="middle" font-weight="bold">N</text>` +
    `<rect x="${MARGIN}" y="${height - 30}" width="${barPx.toFixed(1)}" height="8"/>` +
    `<text x="${(MARGIN + barPx + 10).toFixed(1)}" y="${height - 21}" font-size="18">` +
    `${bar >= 1000 ? `${bar / 1000} km` : `${bar} m`}</text>` +
    `</g></svg>`;
  return sharp(Buffer.from(svg)).png({ palette: true }).toBuffer();
}
