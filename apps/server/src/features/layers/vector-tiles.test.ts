import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { describe, expect, it } from 'vitest';
import type { LayerTextRow } from './layers.repo';
import { encodeVectorTile, VECTOR_TILE_LAYER, vectorTileIndex } from './vector-tiles';

const square = (west: number, south: number, size = 0.0001) =>
  JSON.stringify({
    type: 'Polygon',
    coordinates: [
      [
        [west, south],
        [west + size, south],
        [west + size, south + size],
        [west, south + size],
        [west, south],
      ],
    ],
  });

const row = (id: number, type: string, geoJsonText: string, status: string | null = null): LayerTextRow =>
  ({
    id,
    type,
    geoJsonText,
    latestStatus: status,
    latestDate: status ? '2026-01-10' : null,
    latestPrecision: status === 'O' ? 0.6 : null,
  }) as LayerTextRow;

/** The tile of zoom `z` holding the point. */
function tileOf(lng: number, latDeg: number, z: number) {
  const lat = (latDeg * Math.PI) / 180;
  return {
    x: Math.floor(((lng + 180) / 360) * 2 ** z),
    y: Math.floor(((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * 2 ** z),
  };
}

function features(bytes: Buffer) {
  const layer = new VectorTile(new PbfReader(bytes)).layers[VECTOR_TILE_LAYER];
  return Array.from({ length: layer?.length ?? 0 }, (_, i) => {
    const feature = layer!.feature(i);
    return {
      id: feature.id,
      ...(feature.properties as { type: string; status: string; precision?: number }),
      rings: feature.loadGeometry().length,
    };
  });
}

describe('vector tiles of the layers', () => {
  const rows = [
    row(1, 'LOT', square(-51.95, -23.42), 'C'),
    row(2, 'LOT', square(-51.9498, -23.42), 'O'),
    row(3, 'BLOCK', square(-51.95, -23.42, 0.0004)),
    // A status that is not a detection key reads as unclassified, as in the list.
    row(4, 'LOT', square(-51.9496, -23.42), 'Z'),
  ];
  const index = vectorTileIndex(rows);
  const { x, y } = tileOf(-51.9499, -23.4199, 17);

  it('gives each layer with its id, type and latest status (precision only where there is one)', () => {
    expect(features(encodeVectorTile(index, 17, x, y))).toEqual([
      { id: 1, type: 'LOT', status: 'C', rings: 1 },
      { id: 2, type: 'LOT', status: 'O', precision: expect.closeTo(0.6, 5), rings: 1 },
      { id: 3, type: 'BLOCK', status: '', rings: 1 },
      { id: 4, type: 'LOT', status: '', rings: 1 },
    ]);
  });

  it("colours lots by a date's statuses without changing the kept tile", () => {
    const dated = encodeVectorTile(index, 17, x, y, new Map([[2, { status: 'V', precision: null }]]));
    expect(features(dated).map((f) => [f.id, f.status])).toEqual([
      [1, ''],
      [2, 'V'],
      [3, ''],
      [4, ''],
    ]);
    expect(features(encodeVectorTile(index, 17, x, y)).map((f) => f.status)).toEqual(['C', 'O', '', '']);
  });

  it('is empty away from the project', () => {
    expect(encodeVectorTile(index, 17, 0, 0).length).toBe(0);
    const far = tileOf(-40, -10, 15);
    expect(encodeVectorTile(index, 15, far.x, far.y).length).toBe(0);
  });
});
