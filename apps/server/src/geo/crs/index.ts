/**
 * Coordinate reference systems of uploaded files (imagery and vector layers): EPSG codes from epsg-index,
 * WKT / ESRI PE strings and GeoTIFF GeoKeys read by proj4, and IBGE's datum grids for SAD69 and Córrego
 * Alegre shipped in `grids/`. Everything is transformed to WGS 84 longitude/latitude (SIRGAS 2000 = WGS 84).
 */
export { crsFromEpsg, type Crs } from './crs';
export { CRS_MESSAGES, CrsError } from './crs-error';
export { crsFromGeoKeys, type GeoKeys } from './geokeys';
export { crsFromWkt } from './wkt';
