import { writeArrayBuffer } from 'geotiff';
import sharp from 'sharp';

/** A valid TIFF with no GeoTIFF tags at all (the writer of geotiff.js always adds some). */
export function plainTiff(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 120, b: 40 } } })
    .tiff()
    .toBuffer();
}

/** Where a synthetic scene overlaps a project (UTM 22S metres): a scene must overlap its project. */
export const SYNTHETIC_ORIGINS = {
  factoryProject: [402_960, 7_409_860],
  /** The demo allotment, Jardim das Palmeiras. */
  demoAllotment: [399_183, 7_406_651],
  /** The demo construction lot, Edifício Aurora. */
  demoAurora: [404_324, 7_410_997],
} satisfies Record<string, [number, number]>;

export interface SyntheticGeoTiff {
  bytes: Buffer;
  width: number;
  height: number;
  /** Top-left corner in the CRS, metres. */
  originX: number;
  originY: number;
  pixelSize: number;
  /** The one red pixel (column, row) in an otherwise grey image. */
  marker: [number, number];
}

/**
 * A small RGB GeoTIFF in SIRGAS 2000 / UTM 22S (EPSG:31982) inside the factories' default project (near
 * Maringá; a scene must overlap its project), grey with one red marker pixel.
 */
export function syntheticGeoTiff(
  options: {
    epsg?: number;
    width?: number;
    height?: number;
    geoKeys?: Record<string, number>;
    /** Top-left corner in EPSG:31982 metres (default: inside the factories' default project). */
    origin?: [number, number];
  } = {},
): SyntheticGeoTiff {
  const width = options.width ?? 160;
  const height = options.height ?? 120;
  const marker: [number, number] = [97, 41];
  const pixelSize = 0.5;
  const [originX, originY] = options.origin ?? SYNTHETIC_ORIGINS.factoryProject;
  const values = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) values.set([90, 110, 100], i * 3);
  values.set([255, 0, 0], (marker[1] * width + marker[0]) * 3);
  const geo = {
    ModelPixelScale: [pixelSize, pixelSize, 0],
    ModelTiepoint: [0, 0, 0, originX, originY, 0],
    GTModelTypeGeoKey: 1,
    GTRasterTypeGeoKey: 1,
    ProjectedCSTypeGeoKey: options.epsg ?? 31982,
    ...options.geoKeys,
  };
  const arrayBuffer = writeArrayBuffer(values, {
    width,
    height,
    SamplesPerPixel: 3,
    BitsPerSample: [8, 8, 8],
    PhotometricInterpretation: 2,
    PlanarConfiguration: 1,
    ...geo,
  });
  return { bytes: Buffer.from(arrayBuffer), width, height, originX, originY, pixelSize, marker };
}

/** The same file claiming `width` × `height` pixels in its header (a decompression bomb / pixel flood). */
export function withClaimedSize(tiff: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(tiff);
  const little = copy.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? copy.readUInt16LE(at) : copy.readUInt16BE(at));
  const u32 = (at: number) => (little ? copy.readUInt32LE(at) : copy.readUInt32BE(at));
  const ifdOffset = u32(4);
  const entries = u16(ifdOffset);
  for (let i = 0; i < entries; i++) {
    const at = ifdOffset + 2 + i * 12;
    const tag = u16(at);
    if (tag !== 256 && tag !== 257) continue;
    // Rewrite the entry as one LONG so any size fits.
    if (little) {
      copy.writeUInt16LE(4, at + 2);
      copy.writeUInt32LE(tag === 256 ? width : height, at + 8);
    } else {
      copy.writeUInt16BE(4, at + 2);
      copy.writeUInt32BE(tag === 256 ? width : height, at + 8);
    }
  }
  return copy;
}
