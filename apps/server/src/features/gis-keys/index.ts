export { createGisKeysRepo } from './gis-keys.repo';
export { createGisKeysService, type GisKeysService } from './gis-keys.service';
export { registerGisKeyRoutes } from './gis-keys.routes';
