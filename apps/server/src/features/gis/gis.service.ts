import { moduleFor, type GisCollectionId } from '@mirante/shared';
import { AppError, notFound } from '../../http/app-error';
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
import { tileJson } from './tilejson';
import { wmtsCapabilities, type GisScene, type GisTileFormat } from './wmts-capabilities';

const gisNotFound = (message: string) => notFound(message, 'GIS_NOT_FOUND');
const sceneNotFound = () => gisNotFound('Imagem publicada não encontrada neste projeto.');

/**
 * What GIS clients read: the published imagery (WMTS, TileJSON, tiles) and the layers (OGC API – Features) of a
 * project, with the rules of the map for the key's owner (project scope, module, published only). Every call
 * checks the project again (no cached decision): a revoked access holds from the next request.
 */
export function createGisService(deps: { repo: GisRepo; projects: ProjectsService; scenes: ScenesService }) {
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

    /** The same tile the map gets (same bytes), of a published scene only. */
    async tile(
      user: AuthUser,
      projectId: number,
      request: { date: string; z: number; x: number; y: number; format: GisTileFormat },
    ): Promise<ServedTile> {
      const row = await project(user, projectId);
      try {
        return await scenes.tiles.tile(user, { ...request, space: row.space }, true);
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
