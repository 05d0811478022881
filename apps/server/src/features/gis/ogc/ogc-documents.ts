import { bbox as turfBbox } from '@turf/turf';
import { linkTo, type GisLinks } from '../gis-links';
import type { CollectionDefinition, GisFeature } from './collections';
import type { ItemsQuery } from './items-query';

/** OGC API – Features Part 1: the conformance classes this service meets. */
export const CONFORMANCE = [
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30',
];
const CRS84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';
const JSON_TYPE = 'application/json';
const GEOJSON_TYPE = 'application/geo+json';
const SCHEMA_TYPE = 'application/schema+json';

export interface ProjectInfo {
  id: number;
  name: string;
  /** [west, south, east, north] of the project's outline. */
  bbox: number[] | null;
}

const base = (project: ProjectInfo) => `/gis/project/${project.id}/ogc`;

const link = (href: string, rel: string, type: string, title?: string) => ({
  href,
  rel,
  type,
  ...(title ? { title } : {}),
});

export function landingPage(project: ProjectInfo, links: GisLinks) {
  const root = base(project);
  return {
    title: `Mirante: ${project.name}`,
    description: 'Camadas do projeto no Mirante (OGC API – Features, GeoJSON, WGS 84)',
    links: [
      link(linkTo(links, root), 'self', JSON_TYPE, 'Esta página'),
      link(linkTo(links, `${root}/conformance`), 'conformance', JSON_TYPE, 'Conformidade'),
      link(linkTo(links, `${root}/collections`), 'data', JSON_TYPE, 'Coleções'),
      link(
        `${links.origin}/api/docs/json`,
        'service-desc',
        'application/vnd.oai.openapi+json;version=3.0',
        'Definição da API (OpenAPI)',
      ),
    ],
  };
}

export const conformance = () => ({ conformsTo: CONFORMANCE });

export function collectionDocument(project: ProjectInfo, collection: CollectionDefinition, links: GisLinks) {
  const path = `${base(project)}/collections/${collection.id}`;
  return {
    id: collection.id,
    title: collection.title,
    itemType: 'feature',
    crs: [CRS84],
    storageCrs: CRS84,
    ...(project.bbox ? { extent: { spatial: { bbox: [project.bbox], crs: CRS84 } } } : {}),
    links: [
      link(linkTo(links, path), 'self', JSON_TYPE, collection.title),
      link(linkTo(links, `${path}/items`), 'items', GEOJSON_TYPE, 'Feições (GeoJSON)'),
      link(linkTo(links, `${path}/schema`), 'describedby', SCHEMA_TYPE, 'Atributos (JSON Schema)'),
      // GDAL up to 3.9 looks for this spelling only (the IANA relation is 'describedby').
      link(linkTo(links, `${path}/schema`), 'describedBy', SCHEMA_TYPE, 'Atributos (JSON Schema)'),
    ],
  };
}

/**
 * The JSON Schema of a collection's features, each a GeoJSON Feature whose `properties` are typed (the
 * collection's `describedby`): GDAL and QGIS read the attributes' types from it instead of guessing them from
 * the first page (an area of 100 would be read as an integer).
 */
export function schemaDocument(project: ProjectInfo, collection: CollectionDefinition, links: GisLinks) {
  const properties = Object.fromEntries(
    Object.entries(collection.fields).map(([name, type]) => [
      name,
      type === 'date' ? { type: 'string', format: 'date' } : { type },
    ]),
  );
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: linkTo(links, `${base(project)}/collections/${collection.id}/schema`),
    title: collection.title,
    type: 'object',
    required: ['type', 'geometry', 'properties'],
    properties: {
      type: { type: 'string', enum: ['Feature'] },
      id: { type: 'integer' },
      geometry: { type: 'object' },
      properties: { type: 'object', properties },
    },
  };
}

export function collectionsDocument(
  project: ProjectInfo,
  collections: readonly CollectionDefinition[],
  links: GisLinks,
) {
  return {
    links: [link(linkTo(links, `${base(project)}/collections`), 'self', JSON_TYPE, 'Coleções')],
    collections: collections.map((collection) => collectionDocument(project, collection, links)),
  };
}

function boxOf(geometry: unknown): [number, number, number, number] | null {
  try {
    const [west, south, east, north] = turfBbox(geometry as Parameters<typeof turfBbox>[0]);
    return [west, south, east, north];
  } catch {
    return null;
  }
}

const intersects = (a: readonly number[], b: readonly number[]) =>
  a[0]! <= b[2]! && a[2]! >= b[0]! && a[1]! <= b[3]! && a[3]! >= b[1]!;

/** The features `query` selects, before paging: inside the box and, for a collection with time, the interval. */
export function selectFeatures(
  features: GisFeature[],
  collection: CollectionDefinition,
  query: ItemsQuery,
): GisFeature[] {
  return features.filter((feature) => {
    if (query.bbox) {
      const box = boxOf(feature.geometry);
      if (!box || !intersects(box, query.bbox)) return false;
    }
    if (collection.temporal && (query.from !== null || query.to !== null)) {
      if (feature.date === null) return false;
      if (query.from !== null && feature.date < query.from) return false;
      if (query.to !== null && feature.date > query.to) return false;
    }
    return true;
  });
}

export const featureDocument = (feature: GisFeature) => ({
  type: 'Feature' as const,
  id: feature.id,
  geometry: feature.geometry,
  properties: feature.properties,
});

/** One page of items with `numberMatched`, `numberReturned` and the `next`/`prev` links of the same query. */
export function itemsDocument(
  project: ProjectInfo,
  collection: CollectionDefinition,
  selected: GisFeature[],
  query: ItemsQuery,
  rawQuery: { bbox?: string; datetime?: string },
  links: GisLinks,
) {
  const page = selected.slice(query.offset, query.offset + query.limit);
  const path = `${base(project)}/collections/${collection.id}/items`;
  const kept: Record<string, string | number> = {};
  if (rawQuery.bbox !== undefined) kept.bbox = rawQuery.bbox;
  if (rawQuery.datetime !== undefined) kept.datetime = rawQuery.datetime;
  const at = (offset: number) => linkTo(links, path, { ...kept, limit: query.limit, offset });
  const pageLinks = [link(at(query.offset), 'self', GEOJSON_TYPE, 'Esta página')];
  if (query.offset + query.limit < selected.length)
    pageLinks.push(link(at(query.offset + query.limit), 'next', GEOJSON_TYPE, 'Próxima página'));
  if (query.offset > 0)
    pageLinks.push(
      link(at(Math.max(0, query.offset - query.limit)), 'prev', GEOJSON_TYPE, 'Página anterior'),
    );
  pageLinks.push(
    link(linkTo(links, `${base(project)}/collections/${collection.id}`), 'collection', JSON_TYPE),
  );
  return {
    type: 'FeatureCollection' as const,
    features: page.map(featureDocument),
    numberMatched: selected.length,
    numberReturned: page.length,
    timeStamp: new Date().toISOString(),
    links: pageLinks,
  };
}
