import { linkTo, type GisLinks } from './gis-links';
import type { GisScene, GisTileFormat } from './wmts-capabilities';

/** TileJSON 3.0.0 of one published scene: XYZ tiles, its zooms, bounds and centre. */
export function tileJson(
  links: GisLinks,
  project: { id: number; name: string },
  scene: GisScene,
  format: GisTileFormat,
) {
  const [west, south, east, north] = scene.bounds;
  const centreZoom = Math.min(scene.maxZoom, Math.max(scene.minZoom, scene.maxZoom - 2));
  return {
    tilejson: '3.0.0',
    name: `${project.name} – ${scene.dateFormatted}`,
    description: `Imagem de ${scene.dateFormatted} do projeto ${project.name} (Mirante)`,
    version: '1.0.0',
    attribution: 'Mirante',
    scheme: 'xyz',
    tiles: [linkTo(links, `/gis/project/${project.id}/wmts/tiles/${scene.date}/{z}/{x}/{y}.${format}`)],
    minzoom: scene.minZoom,
    maxzoom: scene.maxZoom,
    bounds: [west, south, east, north],
    center: [(west + east) / 2, (south + north) / 2, centreZoom],
  };
}
