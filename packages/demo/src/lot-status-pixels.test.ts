import { describe, expect, it } from 'vitest';
import { generateAllotmentLayout } from './allotment-layout';
import { renderAllotmentScene } from './allotment-scene';
import { greenAreaInvasions } from './green-area-invasion';
import { generateLotTimelines, lotStateAt, monthlyDates, type LotStatus } from './lot-timeline';
import { pixelStats, type PixelStats } from './pixel-stats';
import { renderWhole } from './scene-raster';

const layout = generateAllotmentLayout(2025);
const timelines = generateLotTimelines(layout);
const dates = monthlyDates();
const month = 17;
const scene = renderAllotmentScene(layout, timelines, dates, month, { pixelSize: 0.8, cloud: 0 });
const rgb = renderWhole(scene);

/** Mean of each statistic over the lots of one status (whole lot polygons). */
function classMeans(): Map<LotStatus, PixelStats> {
  const sums = new Map<LotStatus, { stats: PixelStats; lots: number }>();
  for (const lot of layout.lots) {
    const timeline = timelines.find((t) => t.lotKey === lot.lotKey);
    if (!timeline) continue;
    const status = lotStateAt(timeline, month).status;
    const s = pixelStats(rgb, scene.frame, [lot.ring]);
    const acc = sums.get(status) ?? {
      stats: { n: 0, greenness: 0, redness: 0, blueShare: 0, chroma: 0, brightness: 0, contrast: 0 },
      lots: 0,
    };
    for (const key of Object.keys(s) as (keyof PixelStats)[]) acc.stats[key] += s[key];
    acc.lots++;
    sums.set(status, acc);
  }
  const means = new Map<LotStatus, PixelStats>();
  for (const [status, { stats, lots }] of sums) {
    const m = { ...stats };
    for (const key of Object.keys(m) as (keyof PixelStats)[]) m[key] /= lots;
    means.set(status, m);
  }
  return means;
}

const means = classMeans();
const of = (status: LotStatus): PixelStats => {
  const s = means.get(status);
  if (!s) throw new Error(`no lot is ${status} at month ${month}`);
  return s;
};

// Rendering is CPU-bound; the shared 2-core machine can be several times slower under parallel runs.
describe('lot statuses in the pixels (sanity checks, not the AI)', { timeout: 60_000 }, () => {
  it('has every status on the last scene', () => {
    expect([...means.keys()].sort()).toEqual(['B', 'C', 'E', 'I', 'O', 'V']);
  });

  it('tells vegetation from bare soil and built lots', () => {
    expect(of('V').greenness).toBeGreaterThan(of('B').greenness + 0.1);
    expect(of('B').redness).toBeGreaterThan(of('V').redness + 0.08);
    expect(of('C').greenness).toBeLessThan(of('V').greenness);
  });

  it('shows invasions (I) as cluttered shacks of zinc and tarp on trampled soil', () => {
    // More contrast than a scraped lot, bluer than soil, and less green than vegetation.
    expect(of('I').contrast).toBeGreaterThan(of('B').contrast + 4);
    expect(of('I').blueShare).toBeGreaterThan(of('B').blueShare + 0.02);
    expect(of('I').greenness).toBeLessThan(of('V').greenness - 0.05);
  });

  it('shows other uses (O) as grey yards, parking and storage', () => {
    expect(of('O').chroma).toBeLessThan(of('B').chroma - 0.03);
    expect(of('O').chroma).toBeLessThan(of('V').chroma);
    expect(of('O').brightness).toBeGreaterThan(of('B').brightness + 15);
    expect(of('O').greenness).toBeLessThan(of('V').greenness - 0.1);
  });

  it('varies within a class: vacant lots are not all the same green', () => {
    const vacant = layout.lots.filter((lot) => {
      const t = timelines.find((x) => x.lotKey === lot.lotKey);
      return t && lotStateAt(t, month).status === 'V';
    });
    const greens = vacant.map((lot) => pixelStats(rgb, scene.frame, [lot.ring]).greenness);
    const mean = greens.reduce((a, b) => a + b, 0) / greens.length;
    const sd = Math.sqrt(greens.reduce((a, b) => a + (b - mean) ** 2, 0) / greens.length);
    expect(sd).toBeGreaterThan(0.01);
  });

  it('draws the occupations of the green area inside their ground-truth polygons', () => {
    const invasions = greenAreaInvasions(layout);
    expect(invasions.length).toBe(2);
    for (const invasion of invasions) {
      const after = pixelStats(rgb, scene.frame, [invasion.ring]);
      const before = renderWhole(
        renderAllotmentScene(layout, timelines, dates, invasion.from - 1, { pixelSize: 0.8, cloud: 0 }),
      );
      const earlier = pixelStats(before, scene.frame, [invasion.ring]);
      expect(after.greenness).toBeLessThan(earlier.greenness - 0.1);
      expect(after.contrast).toBeGreaterThan(earlier.contrast);
    }
  });
});
