declare module 'wkt-parser' {
  import type { ProjectionDefinition } from 'proj4';
  /** proj4's own WKT reader (OGC WKT 1/2 and ESRI PE strings) → a proj4 definition object. */
  export default function parseWkt(wkt: string): ProjectionDefinition & Record<string, unknown>;
}
