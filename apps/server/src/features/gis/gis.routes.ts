import { gisApi } from '@mirante/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../http/app-error';
import type { FileAnswer, Router } from '../../http/route';
import type { GisLinks } from './gis-links';
import type { GisService } from './gis.service';
import { TILE_FORMATS, TIME_LAYER, type GisTileFormat } from './wmts-capabilities';

const XML = 'application/xml; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';
const GEOJSON = 'application/geo+json; charset=utf-8';
const SCHEMA_JSON = 'application/schema+json; charset=utf-8';
/** GIS documents change when a scene is published or a layer edited: clients revalidate them. */
const DOCUMENT_CACHING = 'private, no-cache';
const TILE_CACHING = 'private, max-age=300';
/** Deeper than any map zoom; beyond it no tile exists. */
const MAX_TILE_ZOOM = 30;

/** Where the documents' links point, and the key they carry when it came in the query (see `GisLinks`). */
function linksOf(request: FastifyRequest): GisLinks {
  const keys = new URL(request.url, 'http://x').searchParams.getAll('key');
  const basic = request.headers.authorization?.startsWith('Basic ') === true;
  const key = !basic && keys.length === 1 ? keys[0]! : '';
  return {
    origin: `${request.protocol}://${request.host}`,
    keyQuery: key ? `?key=${encodeURIComponent(key)}` : '',
  };
}

const document = (body: unknown, contentType: string): FileAnswer => ({
  body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
  contentType,
  cacheControl: DOCUMENT_CACHING,
});

const tileNotFound = () => notFound('Tile inexistente.', 'GIS_NOT_FOUND');

/** z, x and `{y}.{png|webp|jpeg}` of a tile path, or the 404 of a tile that cannot exist. */
function tileAddress(zText: string, xText: string, file: string) {
  const match = /^(\d{1,10})\.(png|webp|jpeg)$/.exec(file);
  if (!match || !/^\d{1,2}$/.test(zText) || !/^\d{1,10}$/.test(xText)) throw tileNotFound();
  const [z, x, y] = [Number(zText), Number(xText), Number(match[1])];
  if (z > MAX_TILE_ZOOM || x >= 2 ** z || y >= 2 ** z) throw tileNotFound();
  return { z, x, y, format: match[2] as GisTileFormat };
}

/** The KVP parameters of a WMTS request, whatever the case of their names (OGC KVP names are case-insensitive). */
function kvp(request: FastifyRequest): Map<string, string> {
  const found = new Map<string, string>();
  for (const [name, value] of new URL(request.url, 'http://x').searchParams)
    found.set(name.toUpperCase(), value);
  return found;
}

const refuse = (message: string) => new AppError(422, 'GIS_BAD_REQUEST', message);

/** Most bytes one range request reads (GDAL asks for kilobytes to a few megabytes at a time). */
const MAX_RANGE_BYTES = 64 * 1024 * 1024;

/**
 * The one range of a `Range: bytes=first-last` header (`first-` reads on, cut at MAX_RANGE_BYTES); null without
 * one, or for what this route does not serve as a range (several ranges, a suffix `-n`): the whole file is then
 * sent, as HTTP allows.
 */
function byteRange(header: string | undefined): [number, number] | null {
  const match = /^bytes=(\d{1,15})-(\d{0,15})$/.exec(header?.trim() ?? '');
  if (!match) return null;
  const first = Number(match[1]);
  const last = match[2] ? Number(match[2]) : first + MAX_RANGE_BYTES - 1;
  if (last < first) return null;
  return [first, Math.min(last, first + MAX_RANGE_BYTES - 1)];
}

export function registerGisRoutes(route: Router, gis: GisService): void {
  async function tileAnswer(
    user: Parameters<GisService['tile']>[0],
    projectId: number,
    request: Parameters<GisService['tile']>[2],
  ): Promise<FileAnswer> {
    const tile = await gis.tile(user, projectId, request);
    // The tile may sit on pooled memory that the next tile reuses: it leaves as a copy of its own.
    const body = Buffer.from(tile.body);
    tile.release?.();
    return { body, contentType: tile.contentType, etag: tile.etag, cacheControl: TILE_CACHING };
  }

  route(gisApi.wmtsCapabilities, async ({ user, params, request }) =>
    document(await gis.capabilities(user, params.projectId, linksOf(request)), XML),
  );

  route(gisApi.wmtsKvp, async ({ user, params, request }) => {
    await gis.assertProject(user, params.projectId);
    const query = kvp(request);
    if ((query.get('SERVICE') ?? 'WMTS').toUpperCase() !== 'WMTS')
      throw refuse('SERVICE inválido: este endereço atende apenas SERVICE=WMTS.');
    const operation = (query.get('REQUEST') ?? '').toLowerCase();
    if (operation === 'getcapabilities')
      return document(await gis.capabilities(user, params.projectId, linksOf(request)), XML);
    if (operation !== 'gettile') throw refuse('REQUEST inválido: use GetCapabilities ou GetTile.');
    const format = Object.entries(TILE_FORMATS).find(([, type]) => type === query.get('FORMAT'))?.[0];
    if (!format) throw refuse('FORMAT inválido: use image/png, image/webp ou image/jpeg.');
    if (query.get('TILEMATRIXSET') !== 'GoogleMapsCompatible')
      throw refuse('TILEMATRIXSET inválido: use GoogleMapsCompatible.');
    const layer = query.get('LAYER') ?? '';
    // The time layer's date is its TIME dimension, the latest date when the client sends none.
    const date =
      layer === TIME_LAYER ? (query.get('TIME') ?? (await gis.latestDate(user, params.projectId))) : layer;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date))
      throw refuse(`LAYER inválido: use a data da imagem (AAAA-MM-DD) ou ${TIME_LAYER} com TIME=AAAA-MM-DD.`);
    const address = tileAddress(
      query.get('TILEMATRIX') ?? '',
      query.get('TILECOL') ?? '',
      `${query.get('TILEROW') ?? ''}.${format}`,
    );
    return tileAnswer(user, params.projectId, { ...address, date });
  });

  route(gisApi.wmtsTile, async ({ user, params }) =>
    tileAnswer(user, params.projectId, {
      ...tileAddress(params.z, params.x, params.file),
      date: params.date,
    }),
  );

  route(gisApi.tileJson, async ({ user, params, query, request }) =>
    document(
      await gis.tileJson(user, params.projectId, params.date, query.format ?? 'png', linksOf(request)),
      JSON_TYPE,
    ),
  );

  route(gisApi.sceneOriginal, async ({ user, params, request, reply }) => {
    void reply.header('accept-ranges', 'bytes');
    const range = byteRange(request.headers.range);
    if (range) {
      const [first, last] = range;
      const part = await gis.originalRange(user, params.projectId, params.date, first, last);
      if (first >= part.size) {
        void reply.code(416).header('content-range', `bytes */${part.size}`);
        throw new AppError(416, 'GIS_BAD_REQUEST', 'Intervalo de bytes fora do arquivo.');
      }
      void reply
        .code(206)
        .header('content-range', `bytes ${first}-${first + part.bytes.length - 1}/${part.size}`);
      return { body: part.bytes, size: part.bytes.length, contentType: 'application/octet-stream' };
    }
    return sceneFileDownload(await gis.original(user, params.projectId, params.date));
  });

  route(gisApi.sceneCog, async ({ user, params }) =>
    sceneFileDownload(await gis.cog(user, params.projectId, params.date)),
  );

  route(gisApi.featuresLanding, async ({ user, params, request }) =>
    document(await gis.landing(user, params.projectId, linksOf(request)), JSON_TYPE),
  );
  route(gisApi.featuresConformance, async ({ user, params }) =>
    document(await gis.conformance(user, params.projectId), JSON_TYPE),
  );
  route(gisApi.featuresCollections, async ({ user, params, request }) =>
    document(await gis.collections(user, params.projectId, linksOf(request)), JSON_TYPE),
  );
  route(gisApi.featuresCollection, async ({ user, params, request }) =>
    document(await gis.collection(user, params.projectId, params.collection, linksOf(request)), JSON_TYPE),
  );
  route(gisApi.featuresSchema, async ({ user, params, request }) =>
    document(await gis.schema(user, params.projectId, params.collection, linksOf(request)), SCHEMA_JSON),
  );
  route(gisApi.featuresItems, async ({ user, params, query, request }) =>
    document(await gis.items(user, params.projectId, params.collection, query, linksOf(request)), GEOJSON),
  );
  route(gisApi.featuresItem, async ({ user, params }) =>
    document(await gis.item(user, params.projectId, params.collection, params.item), GEOJSON),
  );
}

/** A scene's file (the original or its COG) sent whole, named for download. */
function sceneFileDownload(file: Awaited<ReturnType<GisService['cog']>>): FileAnswer {
  return {
    body: file.stream,
    size: file.size,
    contentType: file.contentType,
    etag: file.etag,
    cacheControl: 'private, max-age=300',
    downloadName: file.fileName,
  };
}
