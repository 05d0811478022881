import { bboxPolygon, booleanIntersects } from '@turf/turf';
import type { Geometry } from 'geojson';
import { ImageryError } from '../../imagery/imagery-error';
import type { LonLatBounds } from '../../imagery/tile-math';

const degrees = (value: number) => value.toFixed(5).replace('.', ',');
const describe = (b: LonLatBounds) =>
  `longitude ${degrees(b.west)} a ${degrees(b.east)}, latitude ${degrees(b.south)} a ${degrees(b.north)}`;

function isGeometry(value: unknown): value is Geometry {
  if (!value || typeof value !== 'object') return false;
  const candidate = value as { type?: unknown; coordinates?: unknown; geometries?: unknown };
  return (
    typeof candidate.type === 'string' &&
    (Array.isArray(candidate.coordinates) || Array.isArray(candidate.geometries))
  );
}

/**
 * A scene must overlap its project: its footprint's box against the project's outline (or, when the outline
 * is not a usable geometry, the project's box). A file placed elsewhere is a wrong project or a wrong CRS.
 */
export function assertSceneOverlapsProject(
  scene: LonLatBounds,
  project: { delimiter: unknown; bbox: number[] },
): void {
  const [west, south, east, north] = project.bbox as [number, number, number, number];
  const projectBounds = { west, south, east, north };
  const boxesMeet = scene.west <= east && scene.east >= west && scene.south <= north && scene.north >= south;
  let overlaps = boxesMeet;
  if (boxesMeet && isGeometry(project.delimiter)) {
    try {
      const footprint = bboxPolygon([scene.west, scene.south, scene.east, scene.north]);
      overlaps = booleanIntersects(footprint, project.delimiter);
    } catch {
      overlaps = boxesMeet;
    }
  }
  if (!overlaps) {
    throw new ImageryError(
      'SCENE_OUTSIDE_PROJECT',
      `A imagem está fora da área do projeto: ela cobre ${describe(scene)}, e o projeto fica em ` +
        `${describe(projectBounds)}. Confira o projeto escolhido e o sistema de coordenadas do arquivo.`,
    );
  }
}
