import { scenesApi } from '@mirante/shared';
import type { Router } from '../../http/route';
import type { ScenesService } from './scenes.service';

/** The JSON scene calls of spec section 7 (upload, tiles and files are in scene-files.routes.ts). */
export function registerSceneRoutes(route: Router, scenes: ScenesService): void {
  route(scenesApi.listForProject, ({ user, params }) => scenes.listForProject(user, params.id));
  route(scenesApi.lastScene, ({ user, params }) => scenes.lastScene(user, params.id));
  route(scenesApi.lastDate, ({ user, params }) => scenes.lastDetectionDate(user, params.id));
  route(scenesApi.update, ({ user, params, body }) => scenes.update(user, params.id, body));
  route(scenesApi.list, ({ query }) => scenes.listAll(query.withoutAnalysis === true));
  route(scenesApi.remove, ({ body }) => scenes.remove(body.ids));
}
