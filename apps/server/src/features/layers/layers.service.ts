import {
  MAP_MESSAGES,
  type Layer,
  type LayerDetailRow,
  type LayerGeometry,
  type LotStatusesAt,
  VECTOR_TILE_MAX_ZOOM,
} from '@mirante/shared';
import { notFound, unprocessable } from '../../http/app-error';
import {
  createVectorTileCache,
  poolTileCutter,
  type CachedTile,
  type VectorTileCache,
  type VectorTileSource,
} from './vector-tile-cache';
import type { CpuPool } from '../../cpu/cpu-pool';
import { JsonText } from '../../serialised/json-text';
import type { AuthUser } from '../auth';
import type { ProjectsService } from '../projects';
import { sideLengths } from './layer-geometry';
import { layersJson, toLayer, toLotStatusAt, toStatusItem } from './layer-view';
import { createLayerListCache, type LayerListCache } from './layer-list-cache';
import type { LayerRow, LayersRepo } from './layers.repo';
import type { ObservationsService } from './observations.service';
import { seesSaleValues, seesUnpublished } from '../../policies';

export interface LabelUpdate {
  layerName: string;
  tagType: string;
  tagValue: string;
  ids: number[];
}

/** The vector tiles' data: the project's list version, its layers and its lots' statuses on a date. */
function tileSource(repo: LayersRepo): VectorTileSource {
  return {
    listVersion: (projectId) => repo.listVersion(projectId),
    layers: async (projectId, audience) => {
      const snapshot = await repo.listTextSnapshot(projectId, audience === 'admin', null);
      return { version: snapshot.version, rows: snapshot.rows ?? [] };
    },
    statusesAt: async (projectId, audience, date) => {
      const rows = await repo.statusesAt(projectId, date, audience === 'admin');
      return new Map(
        rows.map((row) => {
          const lot = toLotStatusAt(row);
          return [lot.id, { status: lot.detect_type, precision: lot.precision }];
        }),
      );
    },
  };
}

export function createLayersService(
  repo: LayersRepo,
  projects: ProjectsService,
  observations: ObservationsService,
  cpu: CpuPool,
  listCache: LayerListCache = createLayerListCache(),
  tileCache: VectorTileCache = createVectorTileCache(tileSource(repo), poolTileCutter(cpu)),
) {
  /** The layer, if the user may see its project's map (another customer's layer is 404, like its project). */
  async function layerForUser(user: AuthUser, id: number): Promise<LayerRow> {
    const row = await repo.findById(id);
    const layerNotFound = () => notFound(MAP_MESSAGES.layerNotFound, 'LAYER_NOT_FOUND');
    if (!row) throw layerNotFound();
    await projects.assertAccess(user, row.projectId, 'map', layerNotFound);
    return row;
  }

  return {
    layerForUser,

    /**
     * The project's layers with their latest status, geometry parsed; for callers that have checked the
     * user's access to the project themselves (the geometry exports, under the map's or the report's module).
     */
    rowsOf(projectId: number, includeUnapproved: boolean): Promise<LayerRow[]> {
      return repo.listForProject(projectId, includeUnapproved);
    },

    /**
     * Pre-serialised (5,000 lots are ~3 MB of JSON; the tests check it against the contract) and kept while the
     * project's list version is unchanged; the ETag lets a browser revalidate without the body.
     */
    async listForProject(
      user: AuthUser,
      projectId: number,
      withAllotmentValue = false,
    ): Promise<JsonText<Layer[]>> {
      const project = await projects.assertAccess(user, projectId, 'map');
      const admin = seesUnpublished(user);
      // Prices per m² come from sale values: only for projects with price visualization and finance users.
      const withPrice = withAllotmentValue && project.hasPriceVisualization && seesSaleValues(user);
      const tileAudience = admin ? 'admin' : 'published';
      const audience = `${tileAudience}${withPrice ? '+price' : ''}` as const;
      const cached = listCache.get(projectId, audience);
      // A warm call is one count query, not the snapshot's transaction (four round trips).
      if (cached && (await repo.listVersion(projectId)) === cached.version) {
        tileCache.warm(projectId, tileAudience, cached.version);
        return new JsonText(cached.body, cached.etag, cached.compressed);
      }
      const snapshot = await repo.listTextSnapshot(projectId, admin, cached?.version ?? null, withPrice);
      const list =
        snapshot.rows === null && cached
          ? cached
          : listCache.store(projectId, audience, snapshot.version, layersJson(snapshot.rows ?? []));
      // The map asks for its vector tiles next: they are cut meanwhile, off the event loop.
      tileCache.warm(projectId, tileAudience, snapshot.version, snapshot.rows ?? undefined);
      return new JsonText(list.body, list.etag, list.compressed);
    },

    /**
     * A vector tile (MVT) of the project's layers for the map: lots with their latest status, or their status on
     * `date` as `statusesAt` gives it; kept per project version, so a warm tile is one version check.
     */
    async vectorTile(
      user: AuthUser,
      projectId: number,
      tile: { z: number; x: number; y: number },
      date?: string,
    ): Promise<CachedTile> {
      await projects.assertAccess(user, projectId, 'map');
      const side = 2 ** tile.z;
      if (tile.z > VECTOR_TILE_MAX_ZOOM || tile.x >= side || tile.y >= side)
        throw unprocessable('INVALID_TILE', MAP_MESSAGES.tileOutOfRange);
      return tileCache.tile(projectId, seesUnpublished(user) ? 'admin' : 'published', tile, date);
    },

    async statusesAt(user: AuthUser, projectId: number, date: string): Promise<LotStatusesAt> {
      await projects.assertAccess(user, projectId, 'map');
      const rows = await repo.statusesAt(projectId, date, seesUnpublished(user));
      return { date, lots: rows.map(toLotStatusAt) };
    },

    async detail(user: AuthUser, id: number): Promise<LayerDetailRow[]> {
      const row = await layerForUser(user, id);
      const geometry = row.geoJson as LayerGeometry;
      const updated_at = row.updatedAt.toISOString();
      const rows: LayerDetailRow[] = [];
      if (row.tagValue) rows.push({ field: 'LOT_NUMBER', value: row.tagValue, updated_at });
      const sides = sideLengths(geometry);
      if (sides.length > 0) rows.push({ field: 'AZIMUTH', value: sides, updated_at });
      if (row.areaM2 > 0) rows.push({ field: 'AREA', value: row.areaM2, updated_at });
      if (row.perimeterM > 0) rows.push({ field: 'MEASURE_AREA', value: row.perimeterM, updated_at });
      if (row.customerCode) rows.push({ field: 'CodigoCliente', value: row.customerCode, updated_at });
      if (row.obs) rows.push({ field: 'LAYER_INFORMATION', value: row.obs, updated_at });
      rows.push({
        field: 'STATUS_LIST',
        value: (await repo.statusHistory(id, seesUnpublished(user))).map(toStatusItem),
      });
      rows.push({ field: 'OBS_LIST', value: await observations.listForLayer(user, id) });
      return rows;
    },

    /** Renames the given lots/blocks in order: `layerName tagValue`, `layerName tagValue+1`… (ADMIN tool). */
    async updateLabels(user: AuthUser, update: LabelUpdate): Promise<Layer[]> {
      if (update.ids.length === 0) throw unprocessable('NO_LAYERS', MAP_MESSAGES.noLayerSelected);
      const rows = await repo.findByIds(null, update.ids);
      if (rows.length !== new Set(update.ids).size)
        throw notFound(MAP_MESSAGES.layerNotFound, 'LAYER_NOT_FOUND');
      for (const projectId of new Set(rows.map((row) => row.projectId)))
        await projects.assertAccess(user, projectId, 'map');
      const start = Number(update.tagValue.trim());
      const numeric = Number.isInteger(start);
      const type = update.tagType.trim().toUpperCase();
      for (const [index, id] of update.ids.entries()) {
        const tagValue = numeric ? String(start + index) : update.tagValue.trim();
        await repo.updateLabel(id, { type, name: `${update.layerName.trim()} ${tagValue}`, tagValue });
      }
      return (await repo.findByIds(null, update.ids)).map(toLayer);
    },
  };
}

export type LayersService = ReturnType<typeof createLayersService>;
