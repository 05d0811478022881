import type { Position } from 'geojson';
import sharp from 'sharp';
import type { ChangeGrid } from '../detector/change-grid';

/** A polygon drawn over an image: lon/lat rings (outer first), its stroke colour and an optional number. */
export interface DrawnPolygon {
  rings: Position[][];
  color: string;
  label?: string;
  dashed?: boolean;
}

/** A lon/lat grid's RGBA cut to the cells [c0, c1) × [r0, r1), with the grid of the cut. */
export function cropGrid(
  rgba: Uint8Array,
  grid: ChangeGrid,
  window: { c0: number; r0: number; c1: number; r1: number },
): { rgba: Uint8Array; grid: ChangeGrid } {
  const c0 = Math.max(0, Math.floor(window.c0));
  const r0 = Math.max(0, Math.floor(window.r0));
  const c1 = Math.min(grid.width, Math.ceil(window.c1));
  const r1 = Math.min(grid.height, Math.ceil(window.r1));
  const width = Math.max(1, c1 - c0);
  const height = Math.max(1, r1 - r0);
  const out = new Uint8Array(width * height * 4);
  for (let r = 0; r < height && r0 + r < grid.height; r++) {
    const from = ((r0 + r) * grid.width + c0) * 4;
    out.set(rgba.subarray(from, from + width * 4), r * width * 4);
  }
  return {
    rgba: out,
    grid: {
      ...grid,
      west: grid.west + c0 * grid.cellLon,
      north: grid.north - r0 * grid.cellLat,
      width,
      height,
    },
  };
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** SVG of `polygons` on a `width` × `height` canvas whose lon/lat → pixel mapping is `toPixel`. */
export function polygonsSvg(
  polygons: DrawnPolygon[],
  width: number,
  height: number,
  toPixel: (position: Position) => [number, number],
  strokeWidth = 2,
  labelSize = 14,
): string {
  const shapes = polygons.map((polygon) => {
    const d = polygon.rings
      .map(
        (ring) =>
          'M' +
          ring
            .map((position) =>
              toPixel(position)
                .map((v) => v.toFixed(1))
                .join(' '),
            )
            .join(' L') +
          ' Z',
      )
      .join(' ');
    const dash = polygon.dashed ? ` stroke-dasharray="${strokeWidth * 3} ${strokeWidth * 2}"` : '';
    const outline = `<path d="${d}" fill="none" stroke="#ffffff" stroke-width="${strokeWidth + 2}" stroke-opacity="0.7"${dash}/>`;
    const stroke = `<path d="${d}" fill="${polygon.color}" fill-opacity="0.18" fill-rule="evenodd" stroke="${polygon.color}" stroke-width="${strokeWidth}"${dash}/>`;
    if (!polygon.label) return outline + stroke;
    const outer = polygon.rings[0] ?? [];
    const points = outer.map(toPixel);
    const x = points.reduce((sum, p) => sum + p[0], 0) / Math.max(1, points.length);
    const y = points.reduce((sum, p) => sum + p[1], 0) / Math.max(1, points.length);
    const label =
      `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" font-family="sans-serif" font-size="${labelSize}" ` +
      `font-weight="bold" text-anchor="middle" dominant-baseline="middle" fill="#111111" stroke="#ffffff" ` +
      `stroke-width="${Math.max(3, labelSize / 5).toFixed(1)}" ` +
      `paint-order="stroke">${escapeXml(polygon.label)}</text>`;
    return outline + stroke + label;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${shapes.join('')}</svg>`;
}

/**
 * PNG of a grid's RGBA scaled so its longer side is `size` pixels (cells without data grey), with `polygons`
 * drawn over it (their numbers `labelSize` px high).
 */
export async function gridImagePng(
  rgba: Uint8Array,
  grid: ChangeGrid,
  polygons: DrawnPolygon[],
  size: number,
  labelSize = 14,
): Promise<Buffer> {
  const scale = size / Math.max(grid.width, grid.height);
  const width = Math.max(1, Math.round(grid.width * scale));
  const height = Math.max(1, Math.round(grid.height * scale));
  const toPixel = ([lon = 0, lat = 0]: Position): [number, number] => [
    ((lon - grid.west) / grid.cellLon) * (width / grid.width),
    ((grid.north - lat) / grid.cellLat) * (height / grid.height),
  ];
  const base = await sharp(rgba, { raw: { width: grid.width, height: grid.height, channels: 4 } })
    .resize(width, height, { kernel: scale > 1 ? 'nearest' : 'lanczos3', fit: 'fill' })
    .flatten({ background: '#d9d9d9' })
    .png()
    .toBuffer();
  return sharp(base)
    .composite([{ input: Buffer.from(polygonsSvg(polygons, width, height, toPixel, 2, labelSize)) }])
    .png()
    .toBuffer();
}
