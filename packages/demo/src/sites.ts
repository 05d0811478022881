import type { AreaGeometry } from '@mirante/shared';

/**
 * The demo projects' places, in and around Maringá (PR). Coordinates are lon/lat (EPSG:4326); the
 * imagery generator lays out lots and renders scenes inside these same outlines.
 */
export interface DemoSite {
  key: 'allotment' | 'construction' | 'environment' | 'otherCustomerAllotment';
  space: string;
  outline: AreaGeometry;
}

function rectangle(west: number, south: number, east: number, north: number): AreaGeometry {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [west, south],
        [east, south],
        [east, north],
        [west, north],
        [west, south],
      ],
    ],
  };
}

export const DEMO_SITES = {
  /** Jardim das Palmeiras: about 900 m × 700 m south-west of Maringá, room for ~600 lots. */
  allotment: {
    key: 'allotment',
    space: 'jardim-das-palmeiras',
    outline: {
      type: 'Polygon',
      coordinates: [
        [
          [-51.9905, -23.4515],
          [-51.9818, -23.4515],
          [-51.9812, -23.4452],
          [-51.9862, -23.4449],
          [-51.9908, -23.4461],
          [-51.9905, -23.4515],
        ],
      ],
    },
  },
  /** Edifício Aurora: a 60 m × 80 m city lot in Zona 7. */
  construction: {
    key: 'construction',
    space: 'edificio-aurora',
    outline: rectangle(-51.93645, -23.4087, -51.93586, -23.40798),
  },
  /** APP Ribeirão Pinguim: a riparian strip under recovery north-east of the city. */
  environment: {
    key: 'environment',
    space: 'app-ribeirao-pinguim',
    outline: {
      type: 'Polygon',
      coordinates: [
        [
          [-51.908, -23.393],
          [-51.899, -23.3905],
          [-51.8975, -23.394],
          [-51.9068, -23.3968],
          [-51.908, -23.393],
        ],
      ],
    },
  },
  /** Vale Verde, Sarandi: the second customer's allotment. */
  otherCustomerAllotment: {
    key: 'otherCustomerAllotment',
    space: 'vale-verde-sarandi',
    outline: rectangle(-51.879, -23.448, -51.872, -23.443),
  },
} as const satisfies Record<DemoSite['key'], DemoSite>;
