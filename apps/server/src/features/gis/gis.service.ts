import { moduleFor, type GisCollectionId } from '@mirante/shared';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { AppError, notFound } from '../../http/app-error';
import { tileAsJpeg } from '../../imagery/encode-tile';
import { projectAccess } from '../../policies';
import type { AuthUser } from '../auth';
import type { ProjectsService } from '../projects';
import type { ScenesService, ServedTile } from '../scenes';
import type { GisLinks } from './gis-links';
import type { GisRepo } from './gis.repo';
import { COLLECTIONS, type CollectionDefinition } from './ogc/collections';
import { parseItemsQuery } from './ogc/items-query';
import {
  collectionDocument,
  collectionsDocument,
  conformance,
  featureDocument,
  itemsDocument,
  landingPage,
  schemaDocument,
  selectFeatures,
  type ProjectInfo,
} from './ogc/ogc-documents';
import { canBuildCog, cogFile, hasCogLayout } from './scene-cog';
import { tileJson } from './tilejson';
import { wmtsCapabilities, type GisScene, type GisTileFormat } from './wmts-capabilities';

const gisNotFound = (message: string) => notFound(message, 'GIS_NOT_FOUND');
/** GDAL writes the COG's structural metadata within the first bytes of the file. */
const COG_HEADER_BYTES = 1024;
const COG_MESSAGES = {
  notGeoTiff: 'Esta imagem foi entregue em PNG ou JPEG: não há GeoTIFF para otimizar. Baixe o original.',
  noGdal:
    'Este servidor não gera COG (o GDAL não está instalado) e o original não é um COG. Baixe o original.',
} as const;
const sceneNotFound = () => gisNotFound('Imagem publicada não encontrada neste projeto.');

/**
 * What GIS clients read: the published imagery (WMTS, TileJSON, tiles) and the layers (OGC API – Features) of a
 * project, with the rules of the map for the key's owner (project scope, module, published only). Every call
 * checks the project again (no cached decision): a revoked access holds from the next request.
 */
export function createGisService(deps: {
  repo: GisRepo;
  projects: ProjectsService;
  scenes: ScenesService;
  /** Where the COGs built from originals are kept. */
  cogDir: string;
}) {
  const { repo, projects, scenes } = deps;

  async function project(user: AuthUser, projectId: number) {
    return projects.assertAccess(user, projectId, 'map');
  }

  async function publishedScenes(user: AuthUser, projectId: number): Promise<GisScene[]> {
    const listed = await scenes.listForProject(user, projectId);
    return listed
      .filter((scene) => scene.publishImage && scene.status === 'ready' && scene.bounds !== null)
      .filter((scene) => scene.minZoom !== null && scene.maxZoom !== null)
      .map((scene): GisScene => {
        const [[west, south], [east, north]] = scene.bounds!;
        return {
          date: scene.isoDate,
          dateFormatted: scene.dateFormatted,
          bounds: [west, south, east, north],
          minZoom: scene.minZoom!,
          maxZoom: scene.maxZoom!,
        };
      })
      .sort((a, b) => a.date.localeCompare(b.date));
  }

  /** The collections the user may read in this project (its type's, and the modules they need). */
  function collectionsFor(
    user: AuthUser,
    row: { projectType: CollectionDefinition['projectTypes'][number] },
  ) {
    return COLLECTIONS.filter(
      (collection) =>
        collection.projectTypes.includes(row.projectType) &&
        moduleFor(row.projectType, collection.family) !== undefined &&
        projectAccess(user, row, collection.family) === 'allowed',
    );
  }

  async function collection(user: AuthUser, projectId: number, id: string) {
    const row = await project(user, projectId);
    const found = collectionsFor(user, row).find((candidate) => candidate.id === (id as GisCollectionId));
    if (!found) throw gisNotFound(`Coleção inexistente neste projeto: ${id}.`);
    const info: ProjectInfo = { id: row.id, name: row.name, bbox: row.bbox };
    return { info, collection: found };
  }

  return {
    /** The project's refusal (404 hidden, 403 module) before a request's own parameters are judged. */
    async assertProject(user: AuthUser, projectId: number): Promise<void> {
      await project(user, projectId);
    },

    async capabilities(user: AuthUser, projectId: number, links: GisLinks): Promise<string> {
      const row = await project(user, projectId);
      return wmtsCapabilities(links, row, await publishedScenes(user, projectId));
    },

    async tileJson(user: AuthUser, projectId: number, date: string, format: GisTileFormat, links: GisLinks) {
      const row = await project(user, projectId);
      const scene = (await publishedScenes(user, projectId)).find((candidate) => candidate.date === date);
      if (!scene) throw sceneNotFound();
      return tileJson(links, row, scene, format);
    },

    /** The latest published date (the time layer's default); 404 when the project has none. */
    async latestDate(user: AuthUser, projectId: number): Promise<string> {
      await project(user, projectId);
      const latest = (await publishedScenes(user, projectId)).at(-1);
      if (!latest) throw sceneNotFound();
      return latest.date;
    },

    /**
     * The same tile the map gets (same bytes) in PNG or WebP, of a published scene only; in JPEG, the WebP tile
     * composed on white.
     */
    async tile(
      user: AuthUser,
      projectId: number,
      request: { date: string; z: number; x: number; y: number; format: GisTileFormat },
    ): Promise<ServedTile> {
      const row = await project(user, projectId);
      try {
        if (request.format !== 'jpeg')
          return await scenes.tiles.tile(
            user,
            { ...request, format: request.format, space: row.space },
            true,
          );
        const { release, ...webp } = await scenes.tiles.tile(
          user,
          { ...request, format: 'webp', space: row.space },
          true,
        );
        const body = await tileAsJpeg(webp.body).finally(() => release?.());
        return { ...webp, body, contentType: 'image/jpeg', etag: webp.etag.replace(/-webp"$/, '-jpeg"') };
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404) throw sceneNotFound();
        throw error;
      }
    },

    /** The original file of a published scene, as it was delivered. */
    async original(user: AuthUser, projectId: number, date: string) {
      const row = await project(user, projectId);
      if (!(await publishedScenes(user, projectId)).some((scene) => scene.date === date))
        throw sceneNotFound();
      return scenes.tiles.file(user, { space: row.space, date, kind: 'original' });
    },

    /**
     * The original as a Cloud Optimized GeoTIFF: the delivered file when it already is one, otherwise one built
     * from it with GDAL when the machine has it; a PNG or JPEG original, or no GDAL, is refused in pt-BR.
     */
    async cog(user: AuthUser, projectId: number, date: string) {
      const row = await project(user, projectId);
      if (!(await publishedScenes(user, projectId)).some((scene) => scene.date === date))
        throw sceneNotFound();
      const scene = { space: row.space, date };
      const original = await scenes.tiles.file(user, { ...scene, kind: 'original' });
      const name = `${original.fileName.replace(/\.[^.]*$/, '')}.cog.tif`;
      if (original.contentType !== 'image/tiff') {
        original.stream.destroy();
        throw new AppError(422, 'GIS_COG_UNAVAILABLE', COG_MESSAGES.notGeoTiff);
      }
      const head = await scenes.tiles.originalRange(user, scene, 0, COG_HEADER_BYTES);
      if (hasCogLayout(head.bytes)) return { ...original, fileName: name };
      original.stream.destroy();
      if (!canBuildCog()) throw new AppError(422, 'GIS_COG_UNAVAILABLE', COG_MESSAGES.noGdal);
      const version = createHash('sha256').update(`${row.space}/${date}/${original.etag}`).digest('hex');
      const file = await cogFile(deps.cogDir, version.slice(0, 32), async () => {
        const again = await scenes.tiles.file(user, { ...scene, kind: 'original' });
        return again.stream;
      });
      return {
        stream: createReadStream(file),
        size: (await stat(file)).size,
        contentType: 'image/tiff',
        fileName: name,
        etag: `"cog-${version.slice(0, 16)}"`,
      };
    },

    /** Bytes `first`–`last` (inclusive, cut at the end of the file) of a published scene's original. */
    async originalRange(user: AuthUser, projectId: number, date: string, first: number, last: number) {
      const row = await project(user, projectId);
      if (!(await publishedScenes(user, projectId)).some((scene) => scene.date === date))
        throw sceneNotFound();
      return scenes.tiles.originalRange(user, { space: row.space, date }, first, last - first + 1);
    },

    async landing(user: AuthUser, projectId: number, links: GisLinks) {
      const row = await project(user, projectId);
      return landingPage({ id: row.id, name: row.name, bbox: row.bbox }, links);
    },

    async conformance(user: AuthUser, projectId: number) {
      await project(user, projectId);
      return conformance();
    },

    async collections(user: AuthUser, projectId: number, links: GisLinks) {
      const row = await project(user, projectId);
      const info = { id: row.id, name: row.name, bbox: row.bbox };
      return collectionsDocument(info, collectionsFor(user, row), links);
    },

    async collection(user: AuthUser, projectId: number, id: string, links: GisLinks) {
      const found = await collection(user, projectId, id);
      return collectionDocument(found.info, found.collection, links);
    },

    async schema(user: AuthUser, projectId: number, id: string, links: GisLinks) {
      const found = await collection(user, projectId, id);
      return schemaDocument(found.info, found.collection, links);
    },

    async items(
      user: AuthUser,
      projectId: number,
      id: string,
      query: { bbox?: string; datetime?: string; limit?: string; offset?: string },
      links: GisLinks,
    ) {
      const parsed = parseItemsQuery(query);
      const found = await collection(user, projectId, id);
      const features = await found.collection.read(repo, projectId);
      const selected = selectFeatures(features, found.collection, parsed);
      return itemsDocument(found.info, found.collection, selected, parsed, query, links);
    },

    async item(user: AuthUser, projectId: number, id: string, itemId: string) {
      const found = await collection(user, projectId, id);
      const wanted = /^\d{1,10}$/.test(itemId) ? Number(itemId) : NaN;
      const feature = (await found.collection.read(repo, projectId)).find((item) => item.id === wanted);
      if (!feature) throw gisNotFound('Feição não encontrada nesta coleção.');
      return featureDocument(feature);
    },
  };
}

export type GisService = ReturnType<typeof createGisService>;
