/** The scene-alignment feature's public entry: what other features and the app may use. */
export { createSceneAlignmentRepo } from './scene-alignment.repo';
export { createSceneAlignmentService } from './scene-alignment.service';
export { registerSceneAlignmentRoutes } from './scene-alignment.routes';
