/** The layer-import feature's public entry: lots and other layers from files (GeoJSON, Shapefile, KML/KMZ, DXF). */
export type { LayerFileImportService } from './layer-import.service';
