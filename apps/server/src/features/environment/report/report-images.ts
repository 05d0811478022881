import type { EnvironmentFeature } from '@mirante/shared';
import { DEFAULT_IMAGE_LIMITS } from '../../../imagery/limits';
import { withSceneOnDisk, type SceneOnDisk } from '../../../imagery/scene-on-disk';
import { gridOver, type Area } from '../detector/change-grid';
import { sampleScene } from '../detector/sample-scene';
import { gridImagePng, type DrawnPolygon } from '../imaging/frame-image';

/** Longer side of the report's scene images, px (about 150 dpi at the width they are printed). */
export const REPORT_IMAGE_PX = 900;
/** Height of the detections' numbers on those images, px: about 9 pt where the report prints them. */
const LABEL_PX = 32;

/** The project's outline and the detections, numbered as in the report's table. */
export function reportPolygons(area: Area, features: EnvironmentFeature[]): DrawnPolygon[] {
  const outline = (area.type === 'Polygon' ? [area.coordinates] : area.coordinates).map(
    (rings): DrawnPolygon => ({ rings, color: '#ffffff', dashed: true }),
  );
  return [
    ...outline.map((polygon) => ({ ...polygon, rings: polygon.rings.slice(0, 1) })),
    ...features.map((feature, index): DrawnPolygon => ({
      rings: feature.geojson.coordinates,
      color: feature.category_color,
      label: String(index + 1),
    })),
  ];
}

/**
 * The before and after scenes over the project's area with the detections drawn, as PNGs; null for a scene
 * whose original cannot be read (the report says so instead of failing).
 */
export async function analysisImages(
  scenes: { before: SceneOnDisk | null; after: SceneOnDisk | null },
  area: Area,
  features: EnvironmentFeature[],
): Promise<{ before: Buffer | null; after: Buffer | null }> {
  const metre = gridOver(area, 1);
  const grid = gridOver(area, Math.max(1, Math.max(metre.width, metre.height) / REPORT_IMAGE_PX));
  const polygons = reportPolygons(area, features);
  const render = async (scene: SceneOnDisk | null) => {
    if (!scene) return null;
    const rgba = await withSceneOnDisk(scene, DEFAULT_IMAGE_LIMITS, (source) =>
      sampleScene(source, grid),
    ).catch(() => null);
    return rgba ? gridImagePng(rgba, grid, polygons, REPORT_IMAGE_PX, LABEL_PX) : null;
  };
  return { before: await render(scenes.before), after: await render(scenes.after) };
}
