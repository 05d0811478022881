import { describe, expect, it } from 'vitest';
import { fromSirgasUtm, type NoteGeometry } from '@mirante/shared';
import { measureNoteShape } from './note-geometry';

// A 100 m × 100 m square near the equator-free latitude of Maringá: 1 m of latitude = 1 / 111_320 degree.
const lat0 = -23.42;
const dLat = 100 / 110_770; // metres of latitude at -23.4° (WGS 84 meridian arc, ≈110.77 km per degree)
const dLng = 100 / (111_320 * Math.cos((lat0 * Math.PI) / 180));
const square: NoteGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [-51.95, lat0],
      [-51.95 + dLng, lat0],
      [-51.95 + dLng, lat0 + dLat],
      [-51.95, lat0 + dLat],
      [-51.95, lat0],
    ],
  ],
};

describe('measureNoteShape', () => {
  it('gives a polygon surveyed as 100 × 100 m in its UTM zone exactly 10,000.00 m² (planar)', () => {
    const corner = fromSirgasUtm(31982);
    const surveyed: NoteGeometry = {
      type: 'Polygon',
      coordinates: [
        [
          corner([400_000, 7_410_000]),
          corner([400_100, 7_410_000]),
          corner([400_100, 7_410_100]),
          corner([400_000, 7_410_100]),
          corner([400_000, 7_410_000]),
        ],
      ],
    };
    expect(measureNoteShape('polygon', surveyed, 'polygon')).toBe(10_000);
    const side: NoteGeometry = { type: 'LineString', coordinates: surveyed.coordinates[0]!.slice(0, 2) };
    expect(measureNoteShape('line', side)).toBe(100);
  });

  it('gives a polygon its area in m² with 2 decimals', () => {
    const measured = measureNoteShape('polygon', square, 'polygon');
    expect(measured).not.toBeNull();
    expect(Math.abs((measured ?? 0) - 10_000)).toBeLessThan(100);
    expect(Number((measured ?? 0).toFixed(2))).toBe(measured);
  });

  it('gives a line its length in metres and a marker no measure', () => {
    const line: NoteGeometry = {
      type: 'LineString',
      coordinates: [
        [-51.95, lat0],
        [-51.95, lat0 + dLat],
      ],
    };
    expect(Math.abs((measureNoteShape('line', line) ?? 0) - 100)).toBeLessThan(1);
    expect(measureNoteShape('marker', { type: 'Point', coordinates: [-51.95, lat0] })).toBeNull();
  });

  it('refuses a shape of another type than the note and a self-intersecting polygon', () => {
    expect(() => measureNoteShape('line', square)).toThrow('O desenho não corresponde ao tipo da anotação.');
    expect(() => measureNoteShape('polygon', square, 'linestring')).toThrow(
      'O desenho não corresponde ao tipo da anotação.',
    );
    const bowtie: NoteGeometry = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 1],
          [1, 0],
          [0, 1],
          [0, 0],
        ],
      ],
    };
    expect(() => measureNoteShape('polygon', bowtie)).toThrow(
      'O polígono desenhado não pode cruzar a si mesmo.',
    );
  });

  it('refuses a collapsed polygon, a spike and a line of one distinct point (invalid as JTS defines it)', () => {
    const collapsed: NoteGeometry = {
      type: 'Polygon',
      coordinates: [Array.from({ length: 5 }, () => [-51.95, lat0] as [number, number])],
    };
    expect(() => measureNoteShape('polygon', collapsed)).toThrow(/^Geometria inválida: pontos de menos/);
    const spike: NoteGeometry = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [2, 0],
          [2, 2],
          [2, 3],
          [2, 2],
          [0, 2],
          [0, 0],
        ],
      ],
    };
    expect(() => measureNoteShape('polygon', spike)).toThrow(
      'O polígono desenhado não pode cruzar a si mesmo.',
    );
    const dot: NoteGeometry = {
      type: 'LineString',
      coordinates: [
        [-51.95, lat0],
        [-51.95, lat0],
      ],
    };
    expect(() => measureNoteShape('line', dot)).toThrow(/^Geometria inválida/);
  });
});
