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

export const TILE_FORMATS = { png: 'image/png', webp: 'image/webp' } as const;
export type GisTileFormat = keyof typeof TILE_FORMATS;

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

function layer(links: GisLinks, projectId: number, scene: GisScene): string {
  const [west, south, east, north] = scene.bounds;
  const zooms: number[] = [];
  for (let z = scene.minZoom; z <= scene.maxZoom; z++) zooms.push(z);
  const formats = Object.values(TILE_FORMATS)
    .map((type) => `<Format>${type}</Format>`)
    .join('');
  const resources = (Object.keys(TILE_FORMATS) as GisTileFormat[])
    .map(
      (format) =>
        `<ResourceURL format="${TILE_FORMATS[format]}" resourceType="tile" template="${escapeXml(tileTemplate(links, projectId, scene.date, format))}"/>`,
    )
    .join('');
  return `<Layer><ows:Title>Imagem de ${escapeXml(scene.dateFormatted)}</ows:Title><ows:WGS84BoundingBox><ows:LowerCorner>${west} ${south}</ows:LowerCorner><ows:UpperCorner>${east} ${north}</ows:UpperCorner></ows:WGS84BoundingBox><ows:Identifier>${scene.date}</ows:Identifier><Style isDefault="true"><ows:Identifier>default</ows:Identifier></Style>${formats}<TileMatrixSetLink><TileMatrixSet>GoogleMapsCompatible</TileMatrixSet><TileMatrixSetLimits>${zooms.map((z) => limits(scene.bounds, z)).join('')}</TileMatrixSetLimits></TileMatrixSetLink>${resources}</Layer>`;
}

/**
 * The WMTS 1.0.0 capabilities of a project: one layer per published scene (its date is the identifier), the
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
${scenes.map((scene) => layer(links, project.id, scene)).join('\n')}
<TileMatrixSet><ows:Identifier>GoogleMapsCompatible</ows:Identifier><ows:SupportedCRS>urn:ogc:def:crs:EPSG::3857</ows:SupportedCRS><WellKnownScaleSet>urn:ogc:def:wkss:OGC:1.0:GoogleMapsCompatible</WellKnownScaleSet>${matrices.join('')}</TileMatrixSet>
</Contents>
<ServiceMetadataURL xlink:href="${escapeXml(linkTo(links, `/gis/project/${project.id}/wmts/1.0.0/WMTSCapabilities.xml`))}"/>
</Capabilities>
`;
}
