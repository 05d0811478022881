import { DEFAULT_IMAGE_LIMITS } from '../../imagery/limits';
import { withSceneOnDisk, type SceneOnDisk } from '../../imagery/scene-on-disk';
import { areaBounds, gridImagePng, gridOver, sampleScene, type Area } from '../environment';
import type { InvadedLot, ReportScenes } from './report-document';

/** Longer side of an invasion's before/after image, px. */
export const CHIP_PX = 360;
/** Cells across a chip: the lot and its surroundings at about 2.5 px per cell once printed. */
const CHIP_CELLS = 180;
const METRES_PER_DEGREE = 111_320;
const INVASION_COLOR = '#d64541';

/** The box around a lot: the lot with as much ground again on each side, at least 30 m. */
function chipArea(lot: InvadedLot): Area {
  const [west, south, east, north] = areaBounds(lot.geometry);
  const cosLat = Math.cos((((south + north) / 2) * Math.PI) / 180);
  const sizeM = Math.max((east - west) * METRES_PER_DEGREE * cosLat, (north - south) * METRES_PER_DEGREE);
  const marginM = Math.max(30, sizeM);
  const dLat = marginM / METRES_PER_DEGREE;
  const dLon = marginM / (METRES_PER_DEGREE * cosLat);
  const [w, s, e, n] = [west - dLon, south - dLat, east + dLon, north + dLat];
  return {
    type: 'Polygon',
    coordinates: [
      [
        [w, s],
        [e, s],
        [e, n],
        [w, n],
        [w, s],
      ],
    ],
  };
}

async function chipsOf(scene: SceneOnDisk | null, lots: InvadedLot[]): Promise<(Buffer | null)[]> {
  if (!scene) return lots.map(() => null);
  return withSceneOnDisk(scene, DEFAULT_IMAGE_LIMITS, async (source) => {
    const images: (Buffer | null)[] = [];
    for (const lot of lots) {
      const area = chipArea(lot);
      const metres = gridOver(area, 1);
      const grid = gridOver(area, Math.max(0.2, Math.max(metres.width, metres.height) / CHIP_CELLS));
      const rgba = await sampleScene(source, grid);
      const drawn = [
        {
          rings: lot.geometry.type === 'Polygon' ? lot.geometry.coordinates : lot.geometry.coordinates.flat(),
          color: INVASION_COLOR,
        },
      ];
      images.push(await gridImagePng(rgba, grid, drawn, CHIP_PX));
    }
    return images;
  }).catch(() => lots.map(() => null));
}

/** Each invaded lot on the baseline's scene and on the latest one, outlined in red; null where unreadable. */
export async function invasionChips(
  scenes: ReportScenes,
  lots: InvadedLot[],
): Promise<{ before: Buffer | null; after: Buffer | null }[]> {
  const before = await chipsOf(scenes.before, lots);
  const after = await chipsOf(scenes.after, lots);
  return lots.map((_lot, index) => ({ before: before[index] ?? null, after: after[index] ?? null }));
}
