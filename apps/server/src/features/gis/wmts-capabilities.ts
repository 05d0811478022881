import { linkTo, type GisLinks } from './gis-links';

/** A published, tiled scene as the WMTS and TileJSON documents describe it. */
export interface GisScene {
  /** YYYY-MM-DD: the layer's identifier. */
  date: string;
  /** DD/MM/YYYY */
  dateFormatted: string;
  /** [west, south, east, north] in WGS 84. */
  bounds: [number, number, number, number];
  minZoom: number;
  maxZoom: number;
}

/**
 * The tile formats GIS clients may ask for. JPEG has no alpha: its tiles are composed on white (the parts of a
 * tile outside the scene are white, not transparent).
 */
export const TILE_FORMATS = { png: 'image/png', webp: 'image/webp', jpeg: 'image/jpeg' } as const;
export type GisTileFormat = keyof typeof TILE_FORMATS;

/** The layer of every published date, chosen by the TIME dimension (default: the latest date). */
export const TIME_LAYER = 'imagem';

/** Half the Web Mercator world's width, in metres. */
const HALF_WORLD = 20037508.3427892;
/** GoogleMapsCompatible's scale denominator at zoom 0 (OGC WMTS 1.0.0, annex E.4). */
const SCALE_AT_ZOOM_0 = 559082264.0287178;

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

const tilePath = (projectId: number, date: string, format: GisTileFormat) =>
  `/gis/project/${projectId}/wmts/tiles/${date}/{TileMatrix}/{TileCol}/{TileRow}.${format}`;

/** The tile URL template of one scene (`{TileMatrix}` etc. left for the client), with the key when it travels so. */
export function tileTemplate(
  links: GisLinks,
  projectId: number,
  date: string,
  format: GisTileFormat,
): string {
  return linkTo(links, tilePath(projectId, date, format));
}

function tileMatrix(z: number): string {
  const size = 2 ** z;
  return `<TileMatrix><ows:Identifier>${z}</ows:Identifier><ScaleDenominator>${SCALE_AT_ZOOM_0 / size}</ScaleDenominator><TopLeftCorner>${-HALF_WORLD} ${HALF_WORLD}</TopLeftCorner><TileWidth>256</TileWidth><TileHeight>256</TileHeight><MatrixWidth>${size}</MatrixWidth><MatrixHeight>${size}</MatrixHeight></TileMatrix>`;
}

/** Rows and columns of zoom z that hold the box (the layer's TileMatrixSetLimits). */
function limits(bounds: GisScene['bounds'], z: number): string {
  const size = 2 ** z;
  const column = (lon: number) => Math.min(size - 1, Math.max(0, Math.floor(((lon + 180) / 360) * size)));
  const row = (lat: number) => {
    const radians = (lat * Math.PI) / 180;
    const y = (1 - Math.log(Math.tan(radians) + 1 / Math.cos(radians)) / Math.PI) / 2;
    return Math.min(size - 1, Math.max(0, Math.floor(y * size)));
  };
  const [west, south, east, north] = bounds;
  return `<TileMatrixLimits><TileMatrix>${z}</TileMatrix><MinTileRow>${row(north)}</MinTileRow><MaxTileRow>${row(south)}</MaxTileRow><MinTileCol>${column(west)}</MinTileCol><MaxTileCol>${column(east)}</MaxTileCol></TileMatrixLimits>`;
}

interface LayerDescription {
  identifier: string;
  title: string;
  bounds: GisScene['bounds'];
  minZoom: number;
  maxZoom: number;
  /** The date in the tile templates: a date, or `{Time}`. */
  dateSlot: string;
  dimension: string;
}

function layer(links: GisLinks, projectId: number, described: LayerDescription): string {
  const [west, south, east, north] = described.bounds;
  const zooms: number[] = [];
  for (let z = described.minZoom; z <= described.maxZoom; z++) zooms.push(z);
  const formats = Object.values(TILE_FORMATS)
    .map((type) => `<Format>${type}</Format>`)
    .join('');
  const resources = (Object.keys(TILE_FORMATS) as GisTileFormat[])
    .map(
      (format) =>
        `<ResourceURL format="${TILE_FORMATS[format]}" resourceType="tile" template="${escapeXml(tileTemplate(links, projectId, described.dateSlot, format))}"/>`,
    )
    .join('');
  return `<Layer><ows:Title>${escapeXml(described.title)}</ows:Title><ows:WGS84BoundingBox><ows:LowerCorner>${west} ${south}</ows:LowerCorner><ows:UpperCorner>${east} ${north}</ows:UpperCorner></ows:WGS84BoundingBox><ows:Identifier>${described.identifier}</ows:Identifier><Style isDefault="true"><ows:Identifier>default</ows:Identifier></Style>${formats}${described.dimension}<TileMatrixSetLink><TileMatrixSet>GoogleMapsCompatible</TileMatrixSet><TileMatrixSetLimits>${zooms.map((z) => limits(described.bounds, z)).join('')}</TileMatrixSetLimits></TileMatrixSetLink>${resources}</Layer>`;
}

const sceneLayer = (scene: GisScene): LayerDescription => ({
  identifier: scene.date,
  title: `Imagem de ${scene.dateFormatted}`,
  bounds: scene.bounds,
  minZoom: scene.minZoom,
  maxZoom: scene.maxZoom,
  dateSlot: scene.date,
  dimension: '',
});

/** The layer of every date (OGC WMTS 1.0.0, 7.2.4.6.10: Dimension Time, one value per date, default the latest). */
function timeLayer(scenes: readonly GisScene[]): LayerDescription | null {
  const latest = scenes.at(-1);
  if (!latest) return null;
  const values = scenes.map((scene) => `<Value>${scene.date}</Value>`).join('');
  return {
    identifier: TIME_LAYER,
    title: 'Imagem (todas as datas)',
    bounds: [
      Math.min(...scenes.map((scene) => scene.bounds[0])),
      Math.min(...scenes.map((scene) => scene.bounds[1])),
      Math.max(...scenes.map((scene) => scene.bounds[2])),
      Math.max(...scenes.map((scene) => scene.bounds[3])),
    ],
    minZoom: Math.min(...scenes.map((scene) => scene.minZoom)),
    maxZoom: Math.max(...scenes.map((scene) => scene.maxZoom)),
    dateSlot: '{Time}',
    dimension: `<Dimension><ows:Title>Data da imagem</ows:Title><ows:Identifier>Time</ows:Identifier><ows:UOM>ISO8601</ows:UOM><Default>${latest.date}</Default><Current>false</Current>${values}</Dimension>`,
  };
}

/**
 * The WMTS 1.0.0 capabilities of a project: one layer per published scene (its date is the identifier) and one
 * layer of them all with a TIME dimension (`imagem`), the
 * GoogleMapsCompatible tile matrix set (Web Mercator, 256 px tiles) from zoom 0 to the deepest native zoom of the
 * scenes, each layer limited to its own zooms and tiles; tiles by RESTful template or KVP GetTile.
 */
export function wmtsCapabilities(
  links: GisLinks,
  project: { id: number; name: string },
  scenes: readonly GisScene[],
): string {
  const deepest = Math.max(0, ...scenes.map((scene) => scene.maxZoom));
  const matrices: string[] = [];
  for (let z = 0; z <= deepest; z++) matrices.push(tileMatrix(z));
  const kvp = escapeXml(linkTo(links, `/gis/project/${project.id}/wmts`));
  const operation = (name: string) =>
    `<ows:Operation name="${name}"><ows:DCP><ows:HTTP><ows:Get xlink:href="${kvp}${kvp.includes('?') ? '&amp;' : '?'}"><ows:Constraint name="GetEncoding"><ows:AllowedValues><ows:Value>KVP</ows:Value></ows:AllowedValues></ows:Constraint></ows:Get></ows:HTTP></ows:DCP></ows:Operation>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Capabilities xmlns="http://www.opengis.net/wmts/1.0" xmlns:ows="http://www.opengis.net/ows/1.1" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.opengis.net/wmts/1.0 http://schemas.opengis.net/wmts/1.0/wmtsGetCapabilities_response.xsd" version="1.0.0">
<ows:ServiceIdentification><ows:Title>Mirante: ${escapeXml(project.name)}</ows:Title><ows:Abstract>Imagens publicadas do projeto, uma camada por data</ows:Abstract><ows:ServiceType>OGC WMTS</ows:ServiceType><ows:ServiceTypeVersion>1.0.0</ows:ServiceTypeVersion></ows:ServiceIdentification>
<ows:OperationsMetadata>${operation('GetCapabilities')}${operation('GetTile')}</ows:OperationsMetadata>
<Contents>
${[...scenes.map(sceneLayer), ...[timeLayer(scenes)].filter((item) => item !== null)].map((described) => layer(links, project.id, described)).join('\n')}
<TileMatrixSet><ows:Identifier>GoogleMapsCompatible</ows:Identifier><ows:SupportedCRS>urn:ogc:def:crs:EPSG::3857</ows:SupportedCRS><WellKnownScaleSet>urn:ogc:def:wkss:OGC:1.0:GoogleMapsCompatible</WellKnownScaleSet>${matrices.join('')}</TileMatrixSet>
</Contents>
<ServiceMetadataURL xlink:href="${escapeXml(linkTo(links, `/gis/project/${project.id}/wmts/1.0.0/WMTSCapabilities.xml`))}"/>
</Capabilities>
`;
}
