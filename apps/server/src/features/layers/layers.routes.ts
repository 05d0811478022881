import { layersApi, VECTOR_TILE_TYPE } from '@mirante/shared';
import { acceptsCoding } from '../../serialised/precompressed';
import type { Router } from '../../http/route';
import type { LayersService } from './layers.service';
import type { ObservationsService } from './observations.service';

/** The map's JSON calls: layers, observations (observation upload and photos: observation-files). */
export function registerLayerRoutes(
  route: Router,
  layers: LayersService,
  observations: ObservationsService,
): void {
  route(layersApi.listForProject, ({ user, params, query }) =>
    layers.listForProject(user, params.projectId, query.withAllotmentValue === true),
  );
  route(layersApi.vectorTile, async ({ user, params, query, request, reply }) => {
    const { z, x, y } = params;
    const tile = await layers.vectorTile(user, params.projectId, { z, x, y }, query.date);
    const gzip = acceptsCoding(request.headers['accept-encoding'], 'gzip') && tile.bytes.length > 0;
    void reply.header('vary', 'Authorization, Accept-Encoding');
    const body = gzip ? tile.gzipped : tile.bytes;
    return {
      body,
      size: body.length,
      contentType: VECTOR_TILE_TYPE,
      etag: tile.etag,
      // Revalidated on each use: a change to the project changes its tiles (a warm check is one version query).
      cacheControl: 'private, no-cache',
      ...(gzip ? { contentEncoding: 'gzip' as const } : {}),
    };
  });
  route(layersApi.lotStatusesAt, ({ user, params, query }) =>
    layers.statusesAt(user, params.projectId, query.date),
  );
  route(layersApi.detail, ({ user, params }) => layers.detail(user, params.id));
  route(layersApi.deleteObservation, ({ user, params }) =>
    observations.remove(user, params.layerId, params.obsId),
  );
  route(layersApi.updateLabels, ({ user, body }) =>
    layers.updateLabels(user, {
      layerName: body.layerName,
      tagType: body.tagType,
      tagValue: body.tagValue,
      ids: [...(body['layers[]'] ?? []), ...(body.layers ?? [])],
    }),
  );
}
