import { describe, expect, it } from 'vitest';
import type { Scene } from '@mirante/shared';
import { afterSceneOptions, chronological } from './newAnalysisRules';

const scene = (id: number, isoDate: string) => ({ id, isoDate }) as Scene;
const scenes = [scene(3, '2026-03-01'), scene(1, '2025-07-01'), scene(2, '2025-11-01')];

describe('new analysis scene rules', () => {
  it('offers as after scenes only the scenes later than the before scene', () => {
    expect(afterSceneOptions(scenes, 2).map((s) => s.id)).toEqual([3]);
    expect(
      afterSceneOptions(scenes, 1)
        .map((s) => s.id)
        .sort(),
    ).toEqual([2, 3]);
    expect(afterSceneOptions(scenes, 3)).toEqual([]);
  });

  it('offers nothing before a before scene is chosen', () => {
    expect(afterSceneOptions(scenes, undefined)).toEqual([]);
  });

  it('lists scenes from the oldest', () => {
    expect(chronological(scenes).map((s) => s.id)).toEqual([1, 2, 3]);
  });
});
