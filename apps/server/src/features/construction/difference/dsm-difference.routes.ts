import { dsmDifferenceApi } from '@mirante/shared';
import type { Router } from '../../../http/route';
import type { DsmDifferenceService } from './dsm-difference.service';

/** GET /inspections/dsm-difference (the layer and its totals) and its GeoTIFF download. */
export function registerDsmDifferenceRoutes(route: Router, difference: DsmDifferenceService): void {
  route(dsmDifferenceApi.compute, ({ user, query }) => difference.layer(user, query));
  route(dsmDifferenceApi.geotiff, async ({ user, query }) => {
    const file = await difference.geotiff(user, query);
    return {
      body: file.body,
      contentType: 'image/tiff',
      cacheControl: 'no-store',
      downloadName: file.filename,
    };
  });
}
