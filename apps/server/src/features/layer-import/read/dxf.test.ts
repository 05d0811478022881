import { describe, expect, it } from 'vitest';
import { bulgeSegment, circleRing, closedRing, ringArea } from './dxf-shapes';
import { meaningOf, plainText } from './dxf-texts';
import { readDxf } from './read-dxf';

describe('DXF shapes', () => {
  it('draws a bulge of 1 as a half circle on the chord', () => {
    const points = bulgeSegment([0, 0], [2, 0], 1);
    for (const [x, y] of points) expect(Math.hypot(x - 1, y)).toBeCloseTo(1, 9);
    // Counter-clockwise from (0,0) to (2,0): the arc passes below the chord.
    expect(Math.min(...points.map((p) => p[1]))).toBeLessThan(-0.9);
  });

  it('closes a polyline with a rounded corner and measures a circle', () => {
    // A 10 × 10 square whose last corner is a quarter circle of radius 2 (bulge tan(22.5°)).
    const ring = closedRing([
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 10, y: 8, bulge: Math.tan(Math.PI / 8) },
      { x: 8, y: 10 },
      { x: 0, y: 10 },
    ]);
    expect(ring[0]).toEqual(ring[ring.length - 1]);
    expect(ringArea(ring)).toBeCloseTo(100 - 4 + Math.PI, 1);
    expect(ringArea(circleRing(0, 0, 10))).toBeCloseTo(Math.PI * 100, -1);
  });
});

describe('DXF texts', () => {
  it.each([
    ['7', { kind: 'lot', value: '7' }],
    ['LOTE 07', { kind: 'lot', value: '07' }],
    ['LT-12A', { kind: 'lot', value: '12A' }],
    ['QUADRA 164-005', { kind: 'block', value: '164-005' }],
    ['Qd. B', { kind: 'block', value: 'B' }],
    ['{\\fArial|b1;QUADRA 3}', { kind: 'block', value: '3' }],
    ['360,00 m²', null],
    ['Rua das Flores', null],
    ['Quintal 3', null],
  ])('%s', (text, meaning) => {
    expect(meaningOf(text)).toEqual(meaning);
  });

  it('strips MTEXT formatting', () => {
    expect(plainText('{\\fArial|b0|i0|c0|p34;LOTE\\P12}')).toBe('LOTE 12');
  });
});

describe('readDxf', () => {
  it('closes lots drawn as loose LINEs and an ARC into polygons, numbered by the text inside', () => {
    const line = (x1: number, y1: number, x2: number, y2: number) =>
      ['0', 'LINE', '8', 'LOTES', '10', x1, '20', y1, '11', x2, '21', y2].join('\n');
    const file = readDxf(
      Buffer.from(
        [
          '0\nSECTION\n2\nENTITIES',
          // Two lots side by side sharing the line x = 10; the right one's far side is a half circle.
          line(0, 0, 10, 0),
          line(10, 0, 10, 10),
          line(10, 10, 0, 10),
          line(0, 10, 0, 0),
          line(10, 0, 20, 0),
          line(20, 10, 10, 10),
          ['0', 'ARC', '8', 'LOTES', '10', 20, '20', 5, '40', 5, '50', 270, '51', 90].join('\n'),
          ['0', 'TEXT', '8', 'T', '10', 5, '20', 5, '40', 1, '1', '1'].join('\n'),
          ['0', 'TEXT', '8', 'T', '10', 15, '20', 5, '40', 1, '1', '2'].join('\n'),
          '0\nENDSEC\n0\nEOF',
        ].join('\n'),
      ),
    );
    const lots = file.features.map((feature) => ({
      lote: feature.properties.lote,
      area: ringArea((feature.geometry as unknown as { coordinates: [number, number][][] }).coordinates[0]!),
    }));
    expect(lots.sort((a, b) => String(a.lote).localeCompare(String(b.lote)))).toEqual([
      { lote: '1', area: expect.closeTo(100, 6) },
      { lote: '2', area: expect.closeTo(100 + (Math.PI * 25) / 2, 0) },
    ]);
  });

  const entity = (lines: (string | number)[]) => lines.join('\n');
  const square = (layer: string, x: number, y: number, side: number) =>
    entity([
      0,
      'LWPOLYLINE',
      5,
      `A${x}${y}`,
      8,
      layer,
      90,
      4,
      70,
      1,
      10,
      x,
      20,
      y,
      10,
      x + side,
      20,
      y,
      10,
      x + side,
      20,
      y + side,
      10,
      x,
      20,
      y + side,
    ]);
  const text = (x: number, y: number, value: string) =>
    entity([0, 'TEXT', 8, 'TEXTOS', 10, x, 20, y, 40, 1, 1, value]);
  const dxf = (...entities: string[]) =>
    Buffer.from(['0', 'SECTION', '2', 'ENTITIES', ...entities, '0', 'ENDSEC', '0', 'EOF'].join('\n'));

  it('numbers lots by the text inside, names them after the block around them, and warns about the rest', () => {
    const file = readDxf(
      dxf(
        square('QUADRAS', 0, 0, 100),
        square('LOTES', 10, 10, 20),
        square('LOTES', 40, 10, 20),
        text(15, 15, '1'),
        text(45, 15, 'LOTE 2'),
        text(47, 17, '3'),
        text(80, 80, 'QUADRA B'),
        text(500, 500, '9'),
        entity([0, 'LINE', 8, 'RUAS', 10, 0, 20, 0, 11, 1, 21, 1]),
      ),
    );
    expect(file.declaredCrs).toEqual({ kind: 'none' });
    expect(
      file.features.map((feature) => [
        feature.sourceLayer,
        feature.properties.lote,
        feature.properties.quadra,
      ]),
    ).toEqual([
      ['QUADRAS', null, 'B'],
      ['LOTES', '1', 'B'],
      ['LOTES', '2', 'B'],
    ]);
    expect(file.problems.map((problem) => problem.code)).toEqual([
      'TEXT_PLACEMENT',
      'TEXT_PLACEMENT',
      'OPEN_SHAPE',
    ]);
    expect(file.problems[1]!.location).toEqual([500, 500]);
  });
});

describe('readDxf: block attributes', () => {
  const entity = (lines: (string | number)[]) => lines.join('\n');
  const square = (x: number, y: number, side: number, layer = 'LOTES') =>
    entity([
      0,
      'LWPOLYLINE',
      8,
      layer,
      90,
      4,
      70,
      1,
      10,
      x,
      20,
      y,
      10,
      x + side,
      20,
      y,
      10,
      x + side,
      20,
      y + side,
      10,
      x,
      20,
      y + side,
    ]);
  /** A 'LOTE' block inserted at (x, y) with its attributes (tag → value) at their own points, ended by SEQEND. */
  const insert = (x: number, y: number, attributes: [string, string, number, number][]) =>
    [
      entity([0, 'INSERT', 8, 'NUMEROS', 66, 1, 2, 'LOTE', 10, x, 20, y, 30, 0]),
      ...attributes.map(([tag, value, ax, ay]) =>
        entity([
          0,
          'ATTRIB',
          8,
          'NUMEROS',
          100,
          'AcDbText',
          10,
          ax,
          20,
          ay,
          30,
          0,
          40,
          1,
          1,
          value,
          100,
          'AcDbAttribute',
          2,
          tag,
          70,
          0,
        ]),
      ),
      entity([0, 'SEQEND', 8, 'NUMEROS']),
    ].join('\n');
  const dxf = (...entities: string[]) =>
    Buffer.from(['0', 'SECTION', '2', 'ENTITIES', ...entities, '0', 'ENDSEC', '0', 'EOF'].join('\n'));

  it('numbers lots by the LOTE/QUADRA attributes of the block inserted inside them; other tags say nothing', () => {
    const file = readDxf(
      dxf(
        square(0, 0, 100, 'QUADRAS'),
        square(10, 10, 20),
        square(40, 10, 20),
        square(70, 10, 20),
        insert(20, 20, [
          ['LOTE', '7', 20, 20],
          ['AREA', '400', 20, 18],
        ]),
        insert(50, 20, [['NUM', 'LOTE 8', 50, 20]]),
        // A block whose only attribute is an area: the lot stays without a number.
        insert(80, 20, [['AREA', '12', 80, 20]]),
        insert(60, 60, [['QUADRA', 'C', 60, 60]]),
      ),
    );
    expect(
      file.features.map((feature) => [
        feature.sourceLayer,
        feature.properties.lote,
        feature.properties.quadra,
      ]),
    ).toEqual([
      ['QUADRAS', null, 'C'],
      ['LOTES', '7', 'C'],
      ['LOTES', '8', 'C'],
      ['LOTES', null, 'C'],
    ]);
    expect(file.problems).toEqual([]);
  });

  it('places an attribute without a point of its own at its INSERT', () => {
    const file = readDxf(
      dxf(
        square(0, 0, 20),
        entity([0, 'INSERT', 8, 'NUMEROS', 66, 1, 2, 'LOTE', 10, 10, 20, 10, 30, 0]),
        entity([0, 'ATTRIB', 8, 'NUMEROS', 1, '15', 2, 'LOTE']),
        entity([0, 'SEQEND', 8, 'NUMEROS']),
      ),
    );
    expect(file.features.map((feature) => feature.properties.lote)).toEqual(['15']);
  });
});
