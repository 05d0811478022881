import { layersApi } from '@mirante/shared';
import type { Router } from '../../http/route';
import type { LayersService } from './layers.service';
import type { ObservationsService } from './observations.service';

/** The JSON map calls of spec 7 "Map, layers, observations" (observation upload and photos: observation-files). */
export function registerLayerRoutes(
  route: Router,
  layers: LayersService,
  observations: ObservationsService,
): void {
  route(layersApi.listForProject, ({ user, params, query }) =>
    layers.listForProject(user, params.projectId, query.withAllotmentValue === true),
  );
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
