/** The scenes feature's public entry: what other features may use. */
export type { ScenesService } from './scenes.service';
export { sceneBasePath } from './scene-view';
