declare module 'wkx' {
  /** The part of wkx this server uses: GeoJSON geometry in, ISO WKB (little-endian) out. */
  export class Geometry {
    static parseGeoJSON(geometry: object): Geometry;
    toWkb(): Buffer;
  }
}
