import type { Db } from '../../db/database';
import { createLayerImportService, type LayerImportService } from './layer-import.service';
import { createLayersRepo } from './layers.repo';

/** The layers feature's public entry: what other features may use. */
export type { LayerImportService } from './layer-import.service';
export type { LayerRow, NewStatus } from './layers.repo';
export type { LayersService } from './layers.service';
export { measureGeometry } from './layer-geometry';

/** The layer import service on `db`. */
export function layerImportServiceFor(db: Db): LayerImportService {
  return createLayerImportService(createLayersRepo(db));
}
