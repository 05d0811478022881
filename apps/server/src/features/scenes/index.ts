/** The scenes feature's public entry: what other features may use. */
export type { ScenesService } from './scenes.service';
export type { ServedTile } from './scene-tiles';
export { sceneBasePath } from './scene-view';
