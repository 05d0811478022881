import { describe, expect, it } from 'vitest';
import { frameLayout, worldPixel } from './timelapse-view';

describe('frameLayout', () => {
  const box = { west: -51.95, south: -23.42, east: -51.948, north: -23.418, width: 320, height: 240 };

  it('fits the box into the frame, centred, corners where the box is', () => {
    const layout = frameLayout(box);
    const [cx, cy] = layout.project((box.west + box.east) / 2, (box.south + box.north) / 2);
    expect(cx).toBeCloseTo(160, 0);
    expect(cy).toBeCloseTo(120, 0);
    // The box is about square on the ground and the frame 4:3: its height fills the frame.
    const [, top] = layout.project(box.west, box.north);
    const [, bottom] = layout.project(box.west, box.south);
    expect(top).toBeCloseTo(0, 0);
    expect(bottom).toBeCloseTo(240, 0);
  });

  it('reads the zoom whose pixels are closest to the frame’s, and every tile under the window', () => {
    const layout = frameLayout(box);
    const [x0, y0] = worldPixel(box.west, box.north, 0);
    const [x1, y1] = worldPixel(box.east, box.south, 0);
    const exact = Math.log2(Math.min(320 / (x1 - x0), 240 / (y1 - y0)));
    expect(Math.abs(layout.zoom - exact)).toBeLessThanOrEqual(0.5);
    const { window } = layout;
    expect(window.left).toBeGreaterThanOrEqual(0);
    expect(window.top).toBeGreaterThanOrEqual(0);
    expect(window.left + window.width).toBeLessThanOrEqual(layout.mosaicWidth);
    expect(window.top + window.height).toBeLessThanOrEqual(layout.mosaicHeight);
    expect(layout.tiles).toHaveLength((layout.mosaicWidth / 256) * (layout.mosaicHeight / 256));
    expect(window.width / window.height).toBeCloseTo(320 / 240, 1);
  });

  it('keeps the zoom within the stored pyramid’s limit', () => {
    const tiny = { ...box, east: box.west + 1e-6, north: box.south + 1e-6 };
    expect(frameLayout(tiny).zoom).toBe(22);
    expect(frameLayout(tiny, 19).zoom).toBe(19);
  });

  it('reads a scene whose tiles stop at a coarser zoom at that zoom, the frame drawn the same', () => {
    const fine = frameLayout(box);
    const coarse = frameLayout(box, fine.zoom - 2);
    expect(coarse.zoom).toBe(fine.zoom - 2);
    expect(coarse.tiles.length).toBeLessThan(fine.tiles.length);
    expect(coarse.window.width).toBeCloseTo(fine.window.width / 4, 0);
    const corner = [box.west, box.north] as const;
    expect(coarse.project(...corner)[0]).toBeCloseTo(fine.project(...corner)[0], 6);
    expect(coarse.project(...corner)[1]).toBeCloseTo(fine.project(...corner)[1], 6);
  });

  it('reads the window back by the scene’s offset, whose content shows that far east and south', () => {
    const plain = frameLayout(box);
    const shifted = frameLayout(box, 22, () => [300, -40]);
    const readLeft = (layout: typeof plain) => layout.tiles[0]!.x * 256 + layout.window.left;
    const readTop = (layout: typeof plain) => layout.tiles[0]!.y * 256 + layout.window.top;
    expect(readLeft(shifted) - readLeft(plain)).toBe(-300);
    expect(readTop(shifted) - readTop(plain)).toBe(40);
    expect(shifted.project(box.west, box.north)).toEqual(plain.project(box.west, box.north));
  });

  it('a 1366 × 768 view of a few hundred metres reads a few dozen tiles', () => {
    const layout = frameLayout({
      west: -51.96,
      south: -23.425,
      east: -51.945,
      north: -23.417,
      width: 1366,
      height: 768,
    });
    expect(layout.tiles.length).toBeGreaterThan(4);
    expect(layout.tiles.length).toBeLessThan(80);
  });
});
