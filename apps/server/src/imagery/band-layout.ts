import { ImageryError } from './imagery-error';

const PHOTOMETRIC_MIN_IS_WHITE = 0;
const PHOTOMETRIC_PALETTE = 3;
const PHOTOMETRIC_YCBCR = 6;
const EXTRA_SAMPLE_ASSOCIATED_ALPHA = 1;
const EXTRA_SAMPLE_UNASSOCIATED_ALPHA = 2;

export interface BandLayoutInput {
  samplesPerPixel: number;
  bitsPerSample: number;
  /** 1 unsigned int, 2 signed int, 3 float */
  sampleFormat: number;
  photometric: number | undefined;
  extraSamples: readonly number[];
  nodata: number | null;
  /** GDAL's per-band colour interpretation (from its GDAL_METADATA tag), by sample index. */
  colorInterpretation?: ReadonlyMap<number, string>;
}

/**
 * GDAL writes the colour of each band to its GDAL_METADATA tag when TIFF's own tags cannot say it (a BGR
 * file, an alpha band among "unspecified" extra samples): `<Item name="COLORINTERP" sample="0"
 * role="colorinterp">Blue</Item>`.
 */
export function gdalColorInterpretation(gdalMetadata: unknown): Map<number, string> {
  const bands = new Map<number, string>();
  if (typeof gdalMetadata !== 'string') return bands;
  const item = /<Item\s+([^>]*)>([^<]*)<\/Item>/g;
  for (const [, attributes, value] of gdalMetadata.matchAll(item)) {
    if (!/role="colorinterp"/i.test(attributes!)) continue;
    const sample = /sample="(\d+)"/.exec(attributes!)?.[1];
    if (sample !== undefined) bands.set(Number(sample), value!.trim().toLowerCase());
  }
  return bands;
}

/** Red, green and blue (and alpha) samples named by GDAL's colour interpretation, when it names all three. */
function namedBands(interpretation: ReadonlyMap<number, string> | undefined) {
  if (!interpretation || interpretation.size === 0) return null;
  const find = (name: string) => [...interpretation].find(([, value]) => value === name)?.[0];
  const red = find('red');
  const green = find('green');
  const blue = find('blue');
  const alpha = find('alpha');
  if (red === undefined || green === undefined || blue === undefined) {
    return alpha === undefined ? null : { colour: null, alpha };
  }
  return { colour: [red, green, blue], alpha: alpha ?? null };
}

/** How a GeoTIFF's samples become RGBA: which are colour, which is alpha, and whether values need a stretch. */
export interface BandLayout {
  samplesPerPixel: number;
  /** One (grey) or three (RGB) sample indices. */
  colorSamples: number[];
  alphaSample: number | null;
  ycbcr: boolean;
  /** Anything but unsigned 8-bit goes through a percentile stretch to 0–255. */
  needsStretch: boolean;
  /** Alpha values run to this maximum (255 for 8-bit, 65535 for 16-bit). */
  alphaMax: number;
  nodata: number | null;
}

export function bandLayoutOf(input: BandLayoutInput): BandLayout {
  const { samplesPerPixel, bitsPerSample, sampleFormat, photometric } = input;
  if (photometric === PHOTOMETRIC_PALETTE) {
    throw new ImageryError(
      'UNSUPPORTED_BANDS',
      'Imagens com paleta de cores não são suportadas; envie uma imagem RGB.',
    );
  }
  if (photometric === PHOTOMETRIC_MIN_IS_WHITE) {
    throw new ImageryError('UNSUPPORTED_BANDS', 'Imagens em escala de cinza invertida não são suportadas.');
  }
  if (![8, 16, 32].includes(bitsPerSample) || ![1, 2, 3].includes(sampleFormat)) {
    throw new ImageryError('UNSUPPORTED_BANDS', `Formato de pixel não suportado (${bitsPerSample} bits).`);
  }
  const extraCount = input.extraSamples.length;
  const baseCount = samplesPerPixel - extraCount;
  let alphaSample: number | null = null;
  input.extraSamples.forEach((kind, index) => {
    if (
      alphaSample === null &&
      (kind === EXTRA_SAMPLE_ASSOCIATED_ALPHA || kind === EXTRA_SAMPLE_UNASSOCIATED_ALPHA)
    ) {
      alphaSample = baseCount + index;
    }
  });
  const ycbcr = photometric === PHOTOMETRIC_YCBCR;
  const named = ycbcr ? null : namedBands(input.colorInterpretation);
  if (named?.alpha !== undefined && named.alpha !== null && named.alpha < samplesPerPixel)
    alphaSample = named.alpha;
  const nonAlpha = [...Array(samplesPerPixel).keys()].filter((index) => index !== alphaSample);
  let colorSamples: number[];
  if (named?.colour && named.colour.every((sample) => sample < samplesPerPixel)) colorSamples = named.colour;
  else if (nonAlpha.length >= 3) colorSamples = nonAlpha.slice(0, 3);
  else if (nonAlpha.length >= 1) colorSamples = nonAlpha.slice(0, 1);
  else throw new ImageryError('UNSUPPORTED_BANDS', 'A imagem não possui bandas de cor.');
  if (ycbcr && colorSamples.length !== 3) {
    throw new ImageryError('UNSUPPORTED_BANDS', 'Imagem YCbCr sem as três bandas de cor.');
  }
  return {
    samplesPerPixel,
    colorSamples,
    alphaSample,
    ycbcr,
    needsStretch: !(bitsPerSample === 8 && sampleFormat === 1),
    alphaMax: bitsPerSample === 16 ? 65_535 : 255,
    nodata: input.nodata,
  };
}
