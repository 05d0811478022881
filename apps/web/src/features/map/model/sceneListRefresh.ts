import { SCENE_LIST_REFRESH_MS, type Scene } from '@mirante/shared';

/** While a scene of the project is queued or processing, its list is asked again this often. */
export const SCENES_IN_PROGRESS_REFRESH_MS = 5_000;

/**
 * How long until the map asks for the project's scenes again: soon while some are still being processed (an
 * upload, the demo's first start), so each shows once it is ready; otherwise only before signed tile URLs
 * run out.
 */
export function sceneListRefreshMs(scenes: readonly Pick<Scene, 'status'>[] | undefined): number {
  const inProgress = scenes?.some((scene) => scene.status === 'queued' || scene.status === 'processing');
  return inProgress ? SCENES_IN_PROGRESS_REFRESH_MS : SCENE_LIST_REFRESH_MS;
}
