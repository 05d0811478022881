import { allotmentLayers, type DemoLayerCollection } from './allotment-layers';
import { generateAllotmentLayout, type AllotmentLayout } from './allotment-layout';
import { renderAllotmentScene } from './allotment-scene';
import { areaInvasionTruth, greenAreaInvasions } from './green-area-invasion';
import { groundTruth, generateLotTimelines, monthlyDates, type LotTimeline } from './lot-timeline';
import { demoPortfolio, type DemoSaleRecord } from './portfolio';
import type { SceneRaster } from './scene-raster';

export type DemoSiteKey = 'allotment' | 'environment' | 'construction';

/** What the generator needs from each demo site: its dates, layers, ground truth and a scene renderer. */
export interface DemoSiteGenerator {
  key: DemoSiteKey;
  space: string;
  kind: 'satellite' | 'drone';
  basePixelSize: number;
  dates: string[];
  layers(): DemoLayerCollection;
  /** JSON-serialisable ground truth (per-lot statuses, or REFO/DEFO polygons). */
  groundTruth(): unknown;
  render(dateIndex: number, pixelSize: number): SceneRaster;
  /** Dates (by index) that also get a 3D model. */
  modelDates?: number[];
  /** The 3D model (GLB) of a date in `modelDates`: what stands on site that day. */
  model?(dateIndex: number): Buffer;
  /** The allotment's sale records (demo finance portfolio), consistent with its timelines. */
  portfolio?(): DemoSaleRecord[];
  /** Further JSON ground-truth files, by file name, written next to ground-truth.json. */
  extraTruth?(): Record<string, unknown>;
}

const cache = new Map<string, DemoSiteGenerator>();

export async function demoSite(key: DemoSiteKey, seed: number): Promise<DemoSiteGenerator> {
  const id = `${key}:${seed}`;
  const cached = cache.get(id);
  if (cached) return cached;
  let site: DemoSiteGenerator;
  if (key === 'allotment') site = allotmentSite(seed);
  else if (key === 'environment') site = (await import('./environment-site')).environmentSite(seed);
  else site = (await import('./construction-site')).constructionSite(seed);
  cache.set(id, site);
  return site;
}

function allotmentSite(seed: number): DemoSiteGenerator {
  const layout: AllotmentLayout = generateAllotmentLayout(seed);
  const timelines: LotTimeline[] = generateLotTimelines(layout);
  const dates = monthlyDates();
  return {
    key: 'allotment',
    space: layout.space,
    kind: 'satellite',
    basePixelSize: 0.4,
    dates,
    layers: () => allotmentLayers(layout),
    groundTruth: () => groundTruth(timelines, dates),
    portfolio: () => demoPortfolio(layout, timelines, dates),
    // Occupations of the green area aren't lots, so their truth is polygons beside the per-lot records.
    extraTruth: () => ({ 'area-invasions.geojson': areaInvasionTruth(greenAreaInvasions(layout), dates) }),
    render: (dateIndex, pixelSize) =>
      renderAllotmentScene(layout, timelines, dates, dateIndex, { pixelSize }),
  };
}
