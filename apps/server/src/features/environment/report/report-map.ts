import type { EnvironmentFeature } from '@mirante/shared';
import type { Position } from 'geojson';
import sharp from 'sharp';
import { areaBounds, type Area } from '../detector/change-grid';
import { polygonsSvg, type DrawnPolygon } from '../imaging/frame-image';
import { reportPolygons } from './report-images';

const WIDTH = 1200;
const MARGIN = 60;
const METRES_PER_DEGREE = 111_320;

/** A round length (1, 2 or 5 × 10ⁿ m) near a quarter of the map's width. */
function scaleLength(widthM: number): number {
  const target = widthM / 4;
  const power = 10 ** Math.floor(Math.log10(target));
  return [5, 2, 1].map((m) => m * power).find((length) => length <= target) ?? power;
}

const lengthText = (m: number) => (m >= 1000 ? `${m / 1000} km` : `${m} m`);
const coordinate = (value: number, positive: string, negative: string) =>
  `${Math.abs(value).toFixed(4).replace('.', ',')}° ${value >= 0 ? positive : negative}`;

/**
 * The report's map as a PNG: the project's boundary and the detections (category colours, numbered as in the
 * table) on a light ground, with a north arrow, a scale bar, the categories' legend and the corner coordinates.
 */
export async function reportMapPng(area: Area, features: EnvironmentFeature[]): Promise<Buffer> {
  const [west, south, east, north] = areaBounds(area);
  const cosLat = Math.cos((((south + north) / 2) * Math.PI) / 180);
  const widthM = Math.max(1, (east - west) * METRES_PER_DEGREE * cosLat);
  const heightM = Math.max(1, (north - south) * METRES_PER_DEGREE);
  const inner = WIDTH - 2 * MARGIN;
  const metresPerPx = Math.max(widthM / inner, heightM / (inner * 0.75));
  const height = Math.round(heightM / metresPerPx) + 2 * MARGIN;
  const toPixel = ([lon = 0, lat = 0]: Position): [number, number] => [
    MARGIN + ((lon - west) * METRES_PER_DEGREE * cosLat) / metresPerPx,
    MARGIN + ((north - lat) * METRES_PER_DEGREE) / metresPerPx,
  ];
  const polygons: DrawnPolygon[] = reportPolygons(area, features).map((polygon) =>
    polygon.dashed ? { ...polygon, color: '#333333', dashed: false } : polygon,
  );
  const shapes = polygonsSvg(polygons, WIDTH, height, toPixel, 2.5, 34);
  const bar = scaleLength(widthM);
  const barPx = bar / metresPerPx;
  const legend = [...new Map(features.map((f) => [f.category_name, f.category_color])).entries()]
    .map(
      ([name, color], index) =>
        `<rect x="${MARGIN + index * 230}" y="${height - 38}" width="18" height="18" fill="${color}"/>` +
        `<text x="${MARGIN + index * 230 + 26}" y="${height - 24}" font-size="18">${name}</text>`,
    )
    .join('');
  const text = 'font-family="sans-serif" fill="#222222"';
  const overlay =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}">` +
    `<g ${text}>` +
    `<rect x="${MARGIN}" y="${MARGIN}" width="${inner}" height="${height - 2 * MARGIN}" fill="none" stroke="#999999"/>` +
    `<path d="M ${WIDTH - 45} 70 l 14 34 l -14 -9 l -14 9 Z" fill="#222222"/>` +
    `<text x="${WIDTH - 45}" y="62" font-size="20" text-anchor="middle" font-weight="bold">N</text>` +
    `<rect x="${MARGIN}" y="22" width="${barPx.toFixed(1)}" height="8" fill="#222222"/>` +
    `<text x="${(MARGIN + barPx + 10).toFixed(1)}" y="31" font-size="18">${lengthText(bar)}</text>` +
    `<text x="${MARGIN}" y="${MARGIN - 6}" font-size="14" dx="${(barPx + 120).toFixed(1)}">` +
    `${coordinate(north, 'N', 'S')}, ${coordinate(west, 'L', 'O')}</text>` +
    `<text x="${WIDTH - MARGIN}" y="${height - MARGIN + 20}" font-size="14" text-anchor="end">` +
    `${coordinate(south, 'N', 'S')}, ${coordinate(east, 'L', 'O')}</text>` +
    legend +
    `</g></svg>`;
  return sharp({ create: { width: WIDTH, height, channels: 3, background: '#f4f1ea' } })
    .composite([{ input: Buffer.from(shapes) }, { input: Buffer.from(overlay) }])
    .png()
    .toBuffer();
}
