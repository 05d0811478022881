import type { RasterSource } from '../../../imagery/raster-source';
import { groundPixelMetres } from './ground-resolution';

/** Coarsest pixel the lot-status model reads: a 12 × 25 m lot is then still ~75 pixels. */
export const MAX_PIXEL_METRES = 2;
/** Share of sampled pixels with R ≈ G ≈ B above which the scene is treated as panchromatic (grey). */
const GREY_SHARE = 0.97;
/** Share of sampled pixels that look like cloud (bright, colourless) above which the scene is not read. */
const CLOUD_SHARE = 0.6;

const SAMPLE_WINDOWS = 6;
const WINDOW_PIXELS = 48;

export interface SceneSample {
  pixels: number;
  grey: number;
  cloud: number;
}

/** Pixels read from a 6 × 6 grid of small windows spread over the raster (valid pixels only). */
export async function sampleScene(source: RasterSource): Promise<SceneSample> {
  const sample: SceneSample = { pixels: 0, grey: 0, cloud: 0 };
  const size = Math.min(WINDOW_PIXELS, source.width, source.height);
  for (let i = 0; i < SAMPLE_WINDOWS; i++) {
    for (let j = 0; j < SAMPLE_WINDOWS; j++) {
      const x0 = Math.floor(((source.width - size) * (j + 0.5)) / SAMPLE_WINDOWS);
      const y0 = Math.floor(((source.height - size) * (i + 0.5)) / SAMPLE_WINDOWS);
      const rgba = await source.readRgba({ x0, y0, x1: x0 + size, y1: y0 + size });
      for (let p = 0; p < rgba.length; p += 4) {
        if (rgba[p + 3] === 0) continue;
        const r = rgba[p] as number;
        const g = rgba[p + 1] as number;
        const b = rgba[p + 2] as number;
        const max = Math.max(r, g, b);
        const min = Math.min(r, g, b);
        sample.pixels += 1;
        if (max - min <= 3) sample.grey += 1;
        if (min >= 200 && max - min <= 0.12 * max) sample.cloud += 1;
      }
    }
  }
  return sample;
}

const metres = (value: number): string =>
  value >= 10 ? `${Math.round(value)} m` : `${value.toFixed(1).replace('.', ',')} m`;

/**
 * Why the model cannot read this scene, in Portuguese for the 'Processamento I.A' tab; null when it can. The
 * model was made for colour imagery of 2 m or finer: a grey (panchromatic) scene, a coarse satellite scene or a
 * cloud-covered one would get invented statuses.
 */
export async function unreadableReason(source: RasterSource): Promise<string | null> {
  const pixel = groundPixelMetres(source);
  if (pixel > MAX_PIXEL_METRES)
    return `Imagem não classificada: a resolução (${metres(pixel)} por pixel) é grosseira demais para ler lotes; a I.A precisa de pixels de até ${MAX_PIXEL_METRES} m.`;
  const sample = await sampleScene(source);
  if (sample.pixels === 0) return 'Imagem não classificada: a imagem não tem pixels válidos.';
  if (sample.grey / sample.pixels >= GREY_SHARE)
    return 'Imagem não classificada: a imagem é pancromática (tons de cinza); a I.A precisa de uma imagem colorida (RGB) para ler os lotes.';
  if (sample.cloud / sample.pixels >= CLOUD_SHARE)
    return `Imagem não classificada: ${Math.round((100 * sample.cloud) / sample.pixels)}% da imagem está coberta por nuvens.`;
  return null;
}
