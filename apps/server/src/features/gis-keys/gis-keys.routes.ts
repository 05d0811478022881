import { gisKeysApi } from '@mirante/shared';
import type { Router } from '../../http/route';
import type { GisKeysService } from './gis-keys.service';

export function registerGisKeyRoutes(route: Router, keys: GisKeysService): void {
  route(gisKeysApi.listGisKeys, async ({ user }) => keys.list(user));
  route(gisKeysApi.createGisKey, async ({ user, body }) => keys.create(user, body));
  route(gisKeysApi.revokeGisKey, async ({ user, params }) => keys.revoke(user, params.id));
}
