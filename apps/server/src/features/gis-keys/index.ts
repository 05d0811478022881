export { createGisKeysRepo } from './gis-keys.repo';
export { createGisKeysService } from './gis-keys.service';
export { registerGisKeyRoutes } from './gis-keys.routes';
