import { ImageryError } from './imagery-error';
import { megapixels, type ImageLimits } from './limits';
import type { PixelWindow, RasterSource } from './raster-source';

/** Grid offsets closer than this (in pixels) to a whole number count as aligned. */
const ALIGNMENT_TOLERANCE = 0.01;

const refuse = (message: string) => new ImageryError('MOSAIC_MISMATCH', message);

interface Part {
  source: RasterSource;
  /** Position of the part's pixel (0, 0) in the mosaic's grid. */
  column: number;
  row: number;
}

/** Why these files cannot be one mosaic (pt-BR), or null: same CRS, same pixel size, one pixel grid. */
function mismatch(first: RasterSource, other: RasterSource, name: string): string | null {
  const sameCrs =
    first.crs.epsg !== null ? first.crs.epsg === other.crs.epsg : first.crs.name === other.crs.name;
  if (!sameCrs) {
    return (
      `O arquivo ${name} está em outro sistema de coordenadas (${other.crs.name}; o primeiro está em ` +
      `${first.crs.name}). Para um mosaico, envie todos os arquivos no mesmo sistema.`
    );
  }
  const a = first.transform;
  const b = other.transform;
  const samePixel =
    Math.abs(a.pixelWidth - b.pixelWidth) <= Math.abs(a.pixelWidth) * 1e-6 &&
    Math.abs(a.pixelHeight - b.pixelHeight) <= Math.abs(a.pixelHeight) * 1e-6;
  if (!samePixel) {
    return (
      `O arquivo ${name} tem outra resolução (${Math.abs(b.pixelWidth)} × ${Math.abs(b.pixelHeight)}; o ` +
      `primeiro tem ${Math.abs(a.pixelWidth)} × ${Math.abs(a.pixelHeight)}). Para um mosaico, os arquivos ` +
      'precisam ter o mesmo tamanho de pixel.'
    );
  }
  const column = (b.originX - a.originX) / a.pixelWidth;
  const row = (b.originY - a.originY) / a.pixelHeight;
  if (
    Math.abs(column - Math.round(column)) > ALIGNMENT_TOLERANCE ||
    Math.abs(row - Math.round(row)) > ALIGNMENT_TOLERANCE
  ) {
    return (
      `Os pixels do arquivo ${name} não estão alinhados com os do primeiro (deslocados em fração de pixel). ` +
      'Para um mosaico, os arquivos precisam estar na mesma grade de pixels.'
    );
  }
  return null;
}

/**
 * Several GeoTIFFs of one date as one raster (a VRT, in GDAL's terms): same CRS, same pixel size, one pixel
 * grid. A window reads each part under it and lays later files over earlier ones where they have data.
 * Files that do not fit together are refused with the reason, before anything is stored.
 */
export function mosaicSource(
  sources: readonly RasterSource[],
  names: readonly string[],
  limits: ImageLimits,
): RasterSource {
  const [first] = sources;
  if (!first) throw refuse('Nenhum arquivo no mosaico.');
  if (sources.length === 1) return first;
  sources.forEach((source, index) => {
    const reason = index === 0 ? null : mismatch(first, source, names[index] ?? `nº ${index + 1}`);
    if (reason) throw refuse(reason);
  });
  const t = first.transform;
  const placed = sources.map((source) => ({
    source,
    column: Math.round((source.transform.originX - t.originX) / t.pixelWidth),
    row: Math.round((source.transform.originY - t.originY) / t.pixelHeight),
  }));
  const minColumn = Math.min(...placed.map((part) => part.column));
  const minRow = Math.min(...placed.map((part) => part.row));
  const parts: Part[] = placed.map((part) => ({
    ...part,
    column: part.column - minColumn,
    row: part.row - minRow,
  }));
  const width = Math.max(...parts.map((part) => part.column + part.source.width));
  const height = Math.max(...parts.map((part) => part.row + part.source.height));
  if (width * height > limits.maxPixels) {
    throw new ImageryError(
      'TOO_MANY_PIXELS',
      `O mosaico teria ${megapixels(width * height)} megapixels; o limite é ${megapixels(limits.maxPixels)} megapixels.`,
      413,
    );
  }
  return {
    width,
    height,
    crs: first.crs,
    transform: {
      ...t,
      originX: t.originX + minColumn * t.pixelWidth,
      originY: t.originY + minRow * t.pixelHeight,
    },
    description: `Mosaico de ${sources.length} arquivos: ${sources.map((source) => source.description).join('; ')}`,
    async readRgba(window: PixelWindow) {
      const windowWidth = window.x1 - window.x0;
      const out = new Uint8Array(windowWidth * (window.y1 - window.y0) * 4);
      const reads = parts.map((part) => {
        const x0 = Math.max(window.x0, part.column);
        const y0 = Math.max(window.y0, part.row);
        const x1 = Math.min(window.x1, part.column + part.source.width);
        const y1 = Math.min(window.y1, part.row + part.source.height);
        if (x0 >= x1 || y0 >= y1) return null;
        const local = { x0: x0 - part.column, y0: y0 - part.row, x1: x1 - part.column, y1: y1 - part.row };
        return { x0, y0, x1, y1, source: part.source, rgba: part.source.readRgba(local) };
      });
      // In upload order, so later files lie over earlier ones where both have data.
      for (const read of reads) {
        if (!read) continue;
        const rgba = await read.rgba;
        const partWidth = read.x1 - read.x0;
        for (let y = read.y0; y < read.y1; y++) {
          let from = (y - read.y0) * partWidth * 4;
          let to = ((y - window.y0) * windowWidth + (read.x0 - window.x0)) * 4;
          for (let x = read.x0; x < read.x1; x++, from += 4, to += 4) {
            if (rgba[from + 3] === 0) continue;
            out[to] = rgba[from]!;
            out[to + 1] = rgba[from + 1]!;
            out[to + 2] = rgba[from + 2]!;
            out[to + 3] = rgba[from + 3]!;
          }
        }
        read.source.recycle?.(rgba);
      }
      return out;
    },
    async close() {
      await Promise.all(sources.map((source) => source.close()));
    },
  };
}
