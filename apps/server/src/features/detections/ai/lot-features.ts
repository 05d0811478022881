import {
  SUM_B,
  SUM_B2,
  SUM_CLASS0,
  SUM_EDGES,
  SUM_EXG,
  SUM_G,
  SUM_G2,
  SUM_GRADIENT,
  SUM_L2,
  SUM_R,
  SUM_R2,
  SUM_VALID,
  SUM_VARI,
  type LotAccumulator,
} from './lot-accumulator';
import { PIXEL_CLASSES } from './pixel-classes';
import { textureFeatures, type TextureFeatureName } from './texture-features';
import type { TextureWordName } from './texture-words';

/**
 * What the classifier sees of one lot in one scene, all from the pixels whose centre lies inside the lot polygon
 * (pixels without data left out). Colour values are on a 0–1 scale (8-bit / 255).
 */
export const SCENE_FEATURES = [
  /** Valid pixels / polygon area in pixels: 1 for a lot fully inside the scene, lower at the edges/collar. */
  'coverage',
  /** Mean and standard deviation of each band. */
  'meanR',
  'meanG',
  'meanB',
  'stdR',
  'stdG',
  'stdB',
  /** Mean and standard deviation of (R + G + B) / 3. */
  'brightness',
  'brightnessStd',
  /** Chromaticity of the mean colour: R / (R + G + B) and B / (R + G + B); independent of illumination. */
  'chromaR',
  'chromaB',
  /** Mean normalised excess green (2G − R − B) / (R + G + B) per pixel: vegetation vigour from RGB. */
  'exg',
  /** Mean VARI (G − R) / (G + R − B), clamped to ±1: another RGB vegetation index, less sensitive to haze. */
  'vari',
  /** Mean gradient magnitude |∂L/∂x| + |∂L/∂y| of brightness / 255: texture (roof edges, rubble, tracks). */
  'gradient',
  /** Fraction of pixels whose gradient exceeds EDGE_GRADIENT: edge density. */
  'edgeDensity',
  /** Fraction of pixels in each colour class of pixel-classes.ts. */
  ...PIXEL_CLASSES.map((name) => `${name}Fraction` as const),
] as const;

/** Scene features whose change against the previous scene of the same lot is also a feature. */
export const CHANGE_FEATURES = [
  'brightness',
  'exg',
  'vari',
  'gradient',
  'edgeDensity',
  'vegetationFraction',
  'soilFraction',
  'ceramicFraction',
  'concreteFraction',
  'fibreCementFraction',
  'darkFraction',
  'shadowFraction',
] as const;

export type SceneFeatureName = (typeof SCENE_FEATURES)[number];
type ChangeFeatureName = `${(typeof CHANGE_FEATURES)[number]}Change`;

/** Every feature, in the order of the model's input vector. `hasPrevious` is 1 when changes were computed. */
export const FEATURE_NAMES = [
  ...SCENE_FEATURES,
  ...CHANGE_FEATURES.map((name) => `${name}Change` as const),
  'hasPrevious',
] as const;

export type FeatureName = SceneFeatureName | ChangeFeatureName | 'hasPrevious';

/**
 * One lot's features in one scene (plain JSON: the pipeline stores it to feed the next scene's changes, and the
 * project's corrections are learnt from it). The texture features are absent in rows written before they existed.
 */
export type LotFeatures = Record<FeatureName, number> &
  Partial<Record<TextureFeatureName | TextureWordName, number>>;

type CurrentFeatures = Record<SceneFeatureName | TextureFeatureName, number>;

/** The features of a lot from its accumulated pixels; null when no pixel of the lot had data. */
export function sceneFeatures(acc: LotAccumulator): CurrentFeatures | null {
  const s = acc.sums;
  const n = s[SUM_VALID] as number;
  if (n === 0) return null;
  const mean = (slot: number): number => (s[slot] as number) / n;
  const std = (sum: number, squares: number): number =>
    Math.sqrt(Math.max(0, mean(squares) - mean(sum) ** 2));
  const meanR = mean(SUM_R);
  const meanG = mean(SUM_G);
  const meanB = mean(SUM_B);
  const total = meanR + meanG + meanB || 1;
  const brightness = (meanR + meanG + meanB) / 3;
  const features: Record<string, number> = {
    coverage: Math.min(1, n / Math.max(1, acc.polygonPixels)),
    meanR: meanR / 255,
    meanG: meanG / 255,
    meanB: meanB / 255,
    stdR: std(SUM_R, SUM_R2) / 255,
    stdG: std(SUM_G, SUM_G2) / 255,
    stdB: std(SUM_B, SUM_B2) / 255,
    brightness: brightness / 255,
    brightnessStd: Math.sqrt(Math.max(0, mean(SUM_L2) - brightness ** 2)) / 255,
    chromaR: meanR / total,
    chromaB: meanB / total,
    exg: mean(SUM_EXG),
    vari: mean(SUM_VARI),
    gradient: mean(SUM_GRADIENT) / 255,
    edgeDensity: mean(SUM_EDGES),
  };
  PIXEL_CLASSES.forEach((name, i) => {
    features[`${name}Fraction`] = mean(SUM_CLASS0 + i);
  });
  return { ...(features as Record<SceneFeatureName, number>), ...textureFeatures(acc.texture) };
}

/** Adds the changes against the lot's features in the previous scene (zeros and hasPrevious 0 without one). */
export function withChanges(current: CurrentFeatures, previous: LotFeatures | undefined): LotFeatures {
  const features: Record<string, number> = { ...current };
  for (const name of CHANGE_FEATURES)
    features[`${name}Change`] = previous ? current[name] - previous[name] : 0;
  features.hasPrevious = previous ? 1 : 0;
  return features as LotFeatures;
}

export function featureVector(features: LotFeatures): number[] {
  return FEATURE_NAMES.map((name) => features[name]);
}
