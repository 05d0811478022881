import { layersApi } from '@mirante/shared';
import type { Router } from '../../http/route';
import { receiveObservation } from './observation-upload';
import type { ObservationsService } from './observations.service';

/** `POST /layer/:layerId/obs` (multipart) and the observation photos (session via header or `api_token`). */
export function registerObservationFileRoutes(route: Router, observations: ObservationsService): void {
  route(layersApi.createObservation, async ({ user, params, request }) => {
    await observations.assertCanAdd(user, params.layerId);
    const upload = await receiveObservation(request);
    try {
      return await observations.create(user, params.layerId, upload.fields, upload.images);
    } finally {
      await upload.cleanup();
    }
  });

  route(layersApi.observationPhoto, async ({ user, params }) => {
    const photo = await observations.photo(user, params.layerId, params.obsId, params.photoId);
    return {
      body: photo.stream,
      contentType: photo.contentType,
      size: photo.size,
      cacheControl: 'private, max-age=86400',
    };
  });
}
