import { describe, expect, it } from 'vitest';
import { GEOREFERENCE_MESSAGES, georeference, type ControlPoint, type LngLat } from './georeference';

const EARTH = 6_371_008.8;
const ORIGIN: LngLat = [-51.9331, -23.4205];
const SIZE = { width: 2400, height: 1600 };

/** Ground truth of a plan: pixel → metres east/north of the origin → lon/lat on the sphere (no Mercator). */
function truth(metresPerPixel: number, rotationDeg: number, shear = 0) {
  const theta = (rotationDeg * Math.PI) / 180;
  return (x: number, y: number): LngLat => {
    const [px, py] = [x + shear * y, -y];
    const east = metresPerPixel * (px * Math.cos(theta) - py * Math.sin(theta));
    const north = metresPerPixel * (px * Math.sin(theta) + py * Math.cos(theta));
    const lat = ORIGIN[1] + (north / EARTH) * (180 / Math.PI);
    const lng = ORIGIN[0] + (east / (EARTH * Math.cos((ORIGIN[1] * Math.PI) / 180))) * (180 / Math.PI);
    return [lng, lat];
  };
}

/** Ground metres between two lon/lat positions (equirectangular: exact enough over a site). */
function metresBetween(a: LngLat, b: LngLat): number {
  const k = (Math.PI / 180) * EARTH;
  return Math.hypot((a[0] - b[0]) * k * Math.cos((a[1] * Math.PI) / 180), (a[1] - b[1]) * k);
}

const point = (place: (x: number, y: number) => LngLat, x: number, y: number): ControlPoint => {
  const [lng, lat] = place(x, y);
  return { lng, lat, x, y };
};

describe('georeference with two control points (similarity)', () => {
  it('places every corner of a rotated, scaled plan within 1 pixel of the truth', () => {
    const metresPerPixel = 0.05;
    const place = truth(metresPerPixel, 27);
    const result = georeference([point(place, 310, 220), point(place, 2050, 1390)], SIZE);

    expect(result.kind).toBe('similarity');
    const expected = [
      place(0, 0),
      place(SIZE.width, 0),
      place(SIZE.width, SIZE.height),
      place(0, SIZE.height),
    ];
    result.corners.forEach((corner, i) => {
      expect(metresBetween(corner, expected[i]!) / metresPerPixel).toBeLessThan(1);
    });
    expect(result.residuals).toEqual([0, 0]);
  });

  it('keeps the rotation: the top edge of a plan turned 90° runs north', () => {
    const place = truth(0.1, 90);
    const result = georeference([point(place, 0, 0), point(place, 1000, 0)], SIZE);
    const [topLeft, topRight] = result.corners;
    expect(Math.abs(topRight[0] - topLeft[0])).toBeLessThan(1e-7);
    expect(topRight[1]).toBeGreaterThan(topLeft[1]);
  });

  it('gives bounds that enclose the four corners', () => {
    const result = georeference([point(truth(0.05, 40), 10, 10), point(truth(0.05, 40), 900, 700)], SIZE);
    const [[west, south], [east, north]] = result.bounds;
    for (const [lng, lat] of result.corners) {
      expect(lng).toBeGreaterThanOrEqual(west);
      expect(lng).toBeLessThanOrEqual(east);
      expect(lat).toBeGreaterThanOrEqual(south);
      expect(lat).toBeLessThanOrEqual(north);
    }
  });
});

describe('georeference with three or more control points (least-squares affine)', () => {
  const pixels: [number, number][] = [
    [200, 150],
    [2200, 250],
    [2100, 1450],
    [300, 1350],
  ];

  it('recovers a sheared plan exactly from four clean points (residuals under 1 mm)', () => {
    const place = truth(0.04, -15, 0.08);
    const result = georeference(
      pixels.map(([x, y]) => point(place, x, y)),
      SIZE,
    );
    expect(result.kind).toBe('affine');
    result.residuals.forEach((residual) => expect(residual).toBeLessThan(0.001));
    expect(metresBetween(result.corners[2], place(SIZE.width, SIZE.height)) / 0.04).toBeLessThan(1);
  });

  it('reports each noisy point’s residual in metres and their RMSE', () => {
    const place = truth(0.04, -15, 0.08);
    // Map positions moved by known amounts (metres east, north) as a person's clicks would be.
    const noise: [number, number][] = [
      [0.3, -0.2],
      [-0.25, 0.1],
      [0.2, 0.35],
      [-0.1, -0.3],
    ];
    const degree = (Math.PI / 180) * EARTH;
    const noisy = pixels.map(([x, y], i) => {
      const clean = point(place, x, y);
      const [east, north] = noise[i]!;
      return {
        ...clean,
        lng: clean.lng + east / (degree * Math.cos((clean.lat * Math.PI) / 180)),
        lat: clean.lat + north / degree,
      };
    });
    const result = georeference(noisy, SIZE);

    expect(result.residuals).toHaveLength(4);
    result.residuals.forEach((residual) => {
      expect(residual).toBeGreaterThan(0.01);
      expect(residual).toBeLessThan(0.6);
    });
    const rms = Math.sqrt(result.residuals.reduce((sum, r) => sum + r * r, 0) / 4);
    expect(result.rmse).toBeCloseTo(rms, 9);
    // The least-squares fit is never further from the clicks than the truth is.
    const noiseRms = Math.sqrt(noise.reduce((sum, [e, n]) => sum + e * e + n * n, 0) / 4);
    expect(result.rmse).toBeLessThanOrEqual(noiseRms);
  });

  it('singles out a blundered point with the largest residual', () => {
    const place = truth(0.04, 10);
    const points = [...pixels, [1200, 800] as [number, number]].map(([x, y]) => point(place, x, y));
    points[4] = { ...points[4]!, lat: points[4]!.lat + 5 / ((Math.PI / 180) * EARTH) };
    const { residuals } = georeference(points, SIZE);
    expect(Math.max(...residuals)).toBe(residuals[4]);
    expect(residuals[4]).toBeGreaterThan(3);
  });
});

describe('georeference refusals', () => {
  const place = truth(0.05, 0);

  it('needs two points', () => {
    expect(() => georeference([point(place, 1, 1)], SIZE)).toThrow(GEOREFERENCE_MESSAGES.tooFewPoints);
  });

  it('refuses two points in the same place', () => {
    expect(() => georeference([point(place, 5, 5), { ...point(place, 5, 5), lng: -51.9 }], SIZE)).toThrow(
      GEOREFERENCE_MESSAGES.samePoints,
    );
  });

  it('refuses three points on one line of the image', () => {
    const points = [point(place, 0, 0), point(place, 100, 100), point(place, 200, 200)];
    points[2] = { ...points[2]!, lng: points[2]!.lng + 0.0001 };
    expect(() => georeference(points, SIZE)).toThrow(GEOREFERENCE_MESSAGES.collinear);
  });

  it('refuses an image point outside the image', () => {
    expect(() => georeference([point(place, 0, 0), point(place, SIZE.width + 1, 10)], SIZE)).toThrow(
      GEOREFERENCE_MESSAGES.outsideImage,
    );
  });
});
