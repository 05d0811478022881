import { createRng } from '@mirante/demo/prng';
import { describe, expect, it } from 'vitest';
import { loadBuiltModel } from './built-model';
import type { LotFeatures } from './lot-features';
import { sigmoid } from './logistic';
import {
  confidenceOf,
  DEFAULT_ADAPTATION,
  projectModel,
  projectPriorLogOdds,
  type Correction,
} from './project-adaptation';

/** A lot whose built-looking features (straight edges, shadows, no vegetation) grow with `built`, plus noise. */
function lot(built: number, random: () => number): LotFeatures {
  const noise = () => (random() - 0.5) * 0.1;
  return {
    tOrientation: 0.1 + 0.3 * built + noise(),
    tExg: 0.2 - 0.15 * built + noise(),
    tDark: 0.1 + 0.15 * built + noise(),
    tEdges: 0.05 + 0.1 * built + noise(),
    tSaturationStd: 0.08 + 0.05 * built + noise(),
    tChromaStd: 0.05 + noise(),
    tGrey: 0.2 + 0.2 * built + noise(),
    chromaB: 0.3 + noise(),
  } as unknown as LotFeatures;
}

const random = createRng(3).next;
const corrections: Correction[] = Array.from({ length: 20 }, (_, i) => ({
  features: lot(i % 3 === 0 ? 1 : 0, random),
  built: i % 3 === 0,
}));
const others = Array.from({ length: 40 }, (_, i) => lot(i % 2, random));

describe('per-project adaptation settings', () => {
  const base = loadBuiltModel();

  it('uses the settings stored in built-model.json when none are given', () => {
    expect(base.adaptation).toBeDefined();
    const stored = projectModel(base, corrections);
    const explicit = projectModel(base, corrections, base.adaptation);
    expect(others.map((f) => stored.read(f))).toEqual(others.map((f) => explicit.read(f)));
  });

  it('scales the confidence with the temperature without changing any decision', () => {
    const cool = projectModel(base, corrections, { ...DEFAULT_ADAPTATION, temperature: 1 });
    const hot = projectModel(base, corrections, { ...DEFAULT_ADAPTATION, temperature: 3 });
    expect(cool.adapted && hot.adapted).toBe(true);
    expect(others.map((f) => hot.read(f).built)).toEqual(others.map((f) => cool.read(f).built));
    const meanConfidence = (m: typeof cool) =>
      others.reduce((sum, f) => sum + confidenceOf(m.read(f)), 0) / others.length;
    expect(meanConfidence(hot)).toBeGreaterThan(meanConfidence(cool));
  });

  it('reads the texture words only when the settings ask for them, and learns from them what tells built lots apart', () => {
    // Lots whose only difference between built and empty is their first texture word.
    const worded = (built: boolean, i: number): LotFeatures =>
      ({ ...lot(0.5, random), kw0: (built ? 3 : -3) + ((i % 5) - 2) * 0.2 }) as LotFeatures;
    const wordCorrections: Correction[] = Array.from({ length: 24 }, (_, i) => ({
      features: worded(i % 2 === 0, i),
      built: i % 2 === 0,
    }));
    const settings = { ...DEFAULT_ADAPTATION, extras: false };
    const withWords = projectModel(base, wordCorrections, { ...settings, textureWords: true });
    const without = projectModel(base, wordCorrections, { ...settings, textureWords: false });
    const rest = Array.from({ length: 20 }, (_, i) => ({
      built: i % 2 === 1,
      features: worded(i % 2 === 1, i),
    }));
    const right = (m: typeof withWords) => rest.filter((r) => m.read(r.features).built === r.built).length;
    expect(right(withWords)).toBeGreaterThanOrEqual(rest.length * 0.9);
    expect(right(without)).toBeLessThan(rest.length * 0.8);
    const changedWord = rest.map((r) => ({ ...r.features, kw0: 5 }) as LotFeatures);
    expect(changedWord.map((f) => without.read(f))).toEqual(rest.map((r) => without.read(r.features)));
  });

  it('reads the colour extras only when the settings ask for them', () => {
    const withExtras = projectModel(base, corrections, { ...DEFAULT_ADAPTATION, extras: true });
    const without = projectModel(base, corrections, { ...DEFAULT_ADAPTATION, extras: false });
    const changedGrey = others.map((f) => ({ ...f, tGrey: 0.9 }) as LotFeatures);
    expect(changedGrey.map((f) => without.read(f))).toEqual(others.map((f) => without.read(f)));
    expect(changedGrey.map((f) => withExtras.read(f).pBuilt)).not.toEqual(
      others.map((f) => withExtras.read(f).pBuilt),
    );
  });
});

describe('the least-green-tenth extra (tExgLow)', () => {
  const base = loadBuiltModel();
  const settings = { ...DEFAULT_ADAPTATION, extras: true };
  const withLow = (features: LotFeatures, value: number) => ({ ...features, tExgLow: value }) as LotFeatures;
  // Corrections whose status the shipped features barely show and tExgLow shows (bare soil vs roofs).
  const draw = createRng(12).next;
  const stored: Correction[] = Array.from({ length: 20 }, (_, i) => ({
    features: withLow(lot(0.5, draw), i % 2 === 0 ? -0.1 : 0.1),
    built: i % 2 === 0,
  }));
  const probe = lot(0.5, draw);

  it('joins the per-project fit when every correction has it', () => {
    const model = projectModel(base, stored, settings);
    expect(model.read(withLow(probe, -0.1)).built).toBe(true);
    expect(model.read(withLow(probe, 0.1)).built).toBe(false);
  });

  it('is left out when a correction was stored before it existed', () => {
    const old = stored.map((c, i) => (i === 0 ? { ...c, features: lot(0.5, draw) } : c));
    const model = projectModel(base, old, settings);
    expect(model.adapted).toBe(true);
    expect(model.read(withLow(probe, -0.1))).toEqual(model.read(withLow(probe, 0.1)));
  });
});

describe('self-training on the lots nobody corrected', () => {
  const base = loadBuiltModel();
  // A light ridge, so that the first fit reads some uncorrected lots confidently (beyond the margin).
  const settings = { ...DEFAULT_ADAPTATION, l2: 0.01, selfTraining: true };
  const draw = createRng(5).next;
  // Twenty corrections, three of them wrong (an ADMIN's slip, or a lot that changed since the scene).
  const few: Correction[] = Array.from({ length: 20 }, (_, i) => ({
    features: lot(i % 2, draw),
    built: i < 6 ? i % 2 === 0 : i % 2 === 1,
  }));
  const truth = Array.from({ length: 300 }, (_, i) => i % 3 === 0);
  const uncorrected = truth.map((built) => lot(built ? 1 : 0, draw));
  const accuracy = (model: ReturnType<typeof projectModel>) =>
    uncorrected.filter((f, i) => model.read(f).built === truth[i]).length / uncorrected.length;

  it('changes no decision without uncorrected lots or when the settings leave it off', () => {
    const plain = projectModel(base, few, { ...settings, selfTraining: false }, uncorrected);
    expect(uncorrected.map((f) => projectModel(base, few, settings, []).read(f).built)).toEqual(
      uncorrected.map((f) => plain.read(f).built),
    );
  });

  it('learns from the confident readings of the uncorrected lots', () => {
    const plain = projectModel(base, few, { ...settings, selfTraining: false });
    const selfTrained = projectModel(base, few, settings, uncorrected);
    expect(selfTrained.adapted).toBe(true);
    expect(accuracy(selfTrained)).toBeGreaterThan(accuracy(plain) + 0.05);
  });
});

describe("anchoring on the shipped model's clear readings", () => {
  const base = loadBuiltModel();
  const settings = { ...DEFAULT_ADAPTATION, l2: 0.1, selfTraining: false };
  const draw = createRng(8).next;
  // An ADMIN who corrected the doubtful lots first: all of them half-built-looking, their status set by
  // something the features barely show (here: the grey share), so the fit on them alone leans on grey.
  const doubtful: Correction[] = Array.from({ length: 20 }, (_, i) => {
    const features = lot(0.5, draw) as unknown as Record<string, number>;
    const built = i % 2 === 0;
    return { features: { ...features, tGrey: built ? 0.1 : 0.5 } as unknown as LotFeatures, built };
  });
  // The clear lots: built ones with a high grey share, empty ones with a low one.
  const truth = Array.from({ length: 200 }, (_, i) => i % 2 === 0);
  const clear = truth.map((built) => {
    const features = lot(built ? 1 : 0, draw) as unknown as Record<string, number>;
    return { ...features, tGrey: built ? 0.5 : 0.1 } as unknown as LotFeatures;
  });
  const accuracy = (model: ReturnType<typeof projectModel>) =>
    clear.filter((f, i) => model.read(f).built === truth[i]).length / clear.length;

  it('changes nothing when its weight is 0 or absent', () => {
    const off = projectModel(base, doubtful, { ...settings, anchorWeight: 0 }, clear);
    const absent = projectModel(base, doubtful, settings, clear);
    expect(clear.map((f) => off.read(f))).toEqual(clear.map((f) => absent.read(f)));
  });

  it('keeps the lots the shipped model reads clearly on their side when the corrections are all doubtful ones', () => {
    const shipped = projectModel(base, []);
    const loose = projectModel(base, doubtful, settings, clear);
    const anchored = projectModel(base, doubtful, { ...settings, anchorWeight: 0.5 }, clear);
    expect(accuracy(shipped)).toBeGreaterThan(0.95);
    expect(accuracy(loose)).toBeLessThan(0.6);
    expect(accuracy(anchored)).toBeGreaterThan(0.9);
  });
});

describe("the project's share of built lots (the prior of the written probability)", () => {
  it("is the corrections' share when no lot is left uncorrected", () => {
    expect(projectPriorLogOdds(6, 20, [])).toBeCloseTo(Math.log(6 / 14), 10);
  });

  it("is the whole project's share when the corrections are the doubtful half-built lots", () => {
    // 1,000 uncorrected lots, 20 % built, each scored x ~ N(±1.5, 1) by class, so that its log-likelihood ratio
    // is 3x; the 20 corrections are 50 % built, as the lots near the boundary are.
    const draw = createRng(12).next;
    const normal = () => Math.sqrt(-2 * Math.log(1 - draw())) * Math.cos(2 * Math.PI * draw());
    const truth = Array.from({ length: 1000 }, (_, i) => i % 5 === 0);
    const ratios = truth.map((built) => 3 * ((built ? 1.5 : -1.5) + normal()));
    const share = sigmoid(projectPriorLogOdds(10, 20, ratios));
    const trueShare = (10 + truth.filter(Boolean).length) / 1020;
    expect(Math.abs(share - trueShare)).toBeLessThan(0.03);
    expect(share).toBeLessThan(0.3);
  });
});

describe('the confidence written after corrections', () => {
  it('is never under ½ for the decision it goes with, even when the project is mostly built', () => {
    const base = loadBuiltModel();
    const draw = createRng(21).next;
    const mostlyBuilt: Correction[] = Array.from({ length: 20 }, (_, i) => ({
      features: lot(i < 18 ? 1 : 0, draw),
      built: i < 18,
    }));
    const lots = Array.from({ length: 400 }, () => lot(draw(), draw));
    const model = projectModel(base, mostlyBuilt, { ...DEFAULT_ADAPTATION, l2: 1 }, lots);
    expect(model.adapted).toBe(true);
    expect(Math.min(...lots.map((f) => confidenceOf(model.read(f))))).toBeGreaterThanOrEqual(0.5);
  });
});
