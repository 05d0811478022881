import { describe, expect, it } from 'vitest';
import { shownScene, toggleScene, visibleSceneCount } from './sceneSelection';

describe('scene selection', () => {
  it('keeps at most 2 scenes: a third replaces the oldest; clicking again unselects', () => {
    expect(toggleScene([], 1)).toEqual([1]);
    expect(toggleScene([1], 2)).toEqual([1, 2]);
    expect(toggleScene([1, 2], 3)).toEqual([2, 3]);
    expect(toggleScene([2, 3], 2)).toEqual([3]);
  });

  it('shows the most recently selected scene', () => {
    expect(shownScene([4, 9])).toBe(9);
    expect(shownScene([])).toBeNull();
  });

  it('lists 6 images at first and 6 more per click', () => {
    expect(visibleSceneCount(0, 18)).toBe(6);
    expect(visibleSceneCount(1, 18)).toBe(12);
    expect(visibleSceneCount(5, 18)).toBe(18);
  });
});
