import { describe, expect, it } from 'vitest';
import type { Scene } from '../api/scenes';
import { frameSize, keptTimelapseScenes, lotFrameBox } from './timelapse';

const scene = (id: number, isoDate: string, cloud: number | null, extra: Partial<Scene> = {}) =>
  ({ id, isoDate, cloud, publishImage: true, status: 'ready', ...extra }) as Scene;

describe('keptTimelapseScenes', () => {
  const scenes = [
    scene(3, '2026-05-10', 80),
    scene(1, '2026-01-10', 5),
    scene(2, '2026-03-10', null),
    scene(4, '2026-04-10', 0, { publishImage: false }),
    scene(5, '2026-04-11', 0, { status: 'processing' }),
  ];

  it('plays published, tiled scenes oldest first', () => {
    expect(keptTimelapseScenes(scenes, {}).map((item) => item.id)).toEqual([1, 2, 3]);
  });

  it('skips scenes above the cloud limit and keeps those with no cloud share recorded', () => {
    expect(keptTimelapseScenes(scenes, { max_cloud: 50 }).map((item) => item.id)).toEqual([1, 2]);
    expect(keptTimelapseScenes(scenes, { max_cloud: 0 }).map((item) => item.id)).toEqual([2]);
  });

  it('keeps the date range, both ends included', () => {
    expect(
      keptTimelapseScenes(scenes, { from: '2026-03-10', to: '2026-05-10' }).map((item) => item.id),
    ).toEqual([2, 3]);
  });
});

describe('frame boxes', () => {
  it('keeps a view within Full HD, aspect kept', () => {
    expect(frameSize(1366, 768)).toEqual({ width: 1366, height: 768 });
    expect(frameSize(3840, 2160)).toEqual({ width: 1920, height: 1080 });
  });

  it('frames a lot with its surroundings, never less than ~60 m', () => {
    const box = lotFrameBox([-51.95, -23.42, -51.9499, -23.4199], 720, 480);
    expect(box.east - box.west).toBeCloseTo(0.0006, 6);
    expect((box.west + box.east) / 2).toBeCloseTo(-51.94995, 6);
    expect([box.width, box.height]).toEqual([720, 480]);
  });
});
