import type { RasterSource } from '../../../imagery/raster-source';

const EARTH_RADIUS_METRES = 6_371_008.8;

function haversineMetres([lon1, lat1]: [number, number], [lon2, lat2]: [number, number]): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Ground size of one pixel in metres at the raster's centre (the mean of its width and height). */
export function groundPixelMetres(
  source: Pick<RasterSource, 'width' | 'height' | 'crs' | 'transform'>,
): number {
  const { originX, originY, pixelWidth, pixelHeight } = source.transform;
  const x = originX + (source.width / 2) * pixelWidth;
  const y = originY + (source.height / 2) * pixelHeight;
  const centre = source.crs.toLonLat(x, y);
  const east = source.crs.toLonLat(x + pixelWidth, y);
  const south = source.crs.toLonLat(x, y + pixelHeight);
  return (haversineMetres(centre, east) + haversineMetres(centre, south)) / 2;
}
