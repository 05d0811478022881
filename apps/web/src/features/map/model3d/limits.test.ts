import { describe, expect, it } from 'vitest';
import { MODEL_3D, clampZoom, loadingPercent, model3dUrl } from './limits';

describe('3D viewer constants', () => {
  it('keeps the zoom between 0.5 and 100 and rotates at 0.01', () => {
    expect(MODEL_3D.rotationSpeed).toBe(0.01);
    expect(clampZoom(0.6, 0.5)).toBe(0.5);
    expect(clampZoom(90, 2)).toBe(100);
    expect(clampZoom(10, 1.25)).toBe(12.5);
  });

  it('reports whole percentages, unknown without a size', () => {
    expect(loadingPercent(1, 3)).toBe(33);
    expect(loadingPercent(5, 0)).toBeNull();
    expect(loadingPercent(10, 5)).toBe(100);
  });

  it('adds the session token to the model address', () => {
    expect(model3dUrl('/tiles/a/2026-01-01/model', 't k', 'http://x')).toBe(
      'http://x/tiles/a/2026-01-01/model?api_token=t%20k',
    );
  });
});
