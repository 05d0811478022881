import { ELEVATION_MESSAGES, elevationApi } from '@mirante/shared';
import type { Router } from '../../../http/route';
import { receiveSingleFile } from '../../../http/single-file-upload';
import type { ElevationService } from './elevation.service';

/** Largest DSM upload (bytes). */
const DSM_MAX_BYTES = 512 * 1024 * 1024;

/** ★ POST /scene/:id/dsm (ADMIN) and POST /notes/volume. */
export function registerElevationRoutes(route: Router, elevation: ElevationService): void {
  route(elevationApi.upload, async ({ params, request }) => {
    const { bytes, filename } = await receiveSingleFile(request, {
      maxBytes: DSM_MAX_BYTES,
      fileRequired: ELEVATION_MESSAGES.fileRequired,
      tooLarge: ELEVATION_MESSAGES.tooLarge,
      fallbackName: 'dsm.tif',
    });
    return elevation.upload(params.id, bytes, filename);
  });
  route(elevationApi.measure, ({ user, body }) => elevation.measure(user, body));
}
