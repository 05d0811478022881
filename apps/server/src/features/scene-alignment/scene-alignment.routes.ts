import { sceneAlignmentApi } from '@mirante/shared';
import type { Router } from '../../http/route';
import type { SceneAlignmentService } from './scene-alignment.service';

export function registerSceneAlignmentRoutes(route: Router, alignment: SceneAlignmentService): void {
  route(sceneAlignmentApi.get, async ({ user, params }) => alignment.get(user, params.id));
  route(sceneAlignmentApi.accept, async ({ user, params }) => alignment.accept(user, params.id));
  route(sceneAlignmentApi.reject, async ({ user, params }) => alignment.reject(user, params.id));
}
