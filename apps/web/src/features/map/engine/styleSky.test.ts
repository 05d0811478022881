import { describe, expect, it, vi } from 'vitest';
import { drawSkyOnlyWhenStyled, type SkyMap } from './styleSky';

type DrawFunctions = SkyMap['painter']['drawFunctions'];

function fakeMap(sky: unknown) {
  const shared = { sky: vi.fn(), fill: vi.fn() };
  const listeners: Record<string, () => void> = {};
  const map = {
    painter: { drawFunctions: shared as unknown as DrawFunctions },
    getSky: () => sky,
    on: (type: string, listener: () => void) => {
      listeners[type] = listener;
      return map;
    },
  };
  const drawSky = () => (map.painter.drawFunctions.sky as unknown as () => void)();
  return { map: map as unknown as SkyMap & typeof map, shared, listeners, drawSky };
}

describe('drawSkyOnlyWhenStyled', () => {
  it('skips the sky pass of a style without a sky, keeps the other draw functions', () => {
    const { map, shared, drawSky } = fakeMap(undefined);
    drawSkyOnlyWhenStyled(map);
    drawSky();
    expect(shared.sky).not.toHaveBeenCalled();
    expect(map.painter.drawFunctions.fill).toBe(shared.fill);
  });

  it("draws the sky of a style that defines one, without changing MapLibre's shared table", () => {
    const { map, shared, drawSky } = fakeMap({ 'sky-color': '#88c6fc' });
    drawSkyOnlyWhenStyled(map);
    drawSky();
    expect(shared.sky).toHaveBeenCalledTimes(1);
    expect(map.painter.drawFunctions).not.toBe(shared);
  });

  it('applies the rule to the new painter of a restored WebGL context', () => {
    const { map, shared, listeners, drawSky } = fakeMap(undefined);
    drawSkyOnlyWhenStyled(map);
    map.painter = { drawFunctions: shared as unknown as DrawFunctions };
    listeners.webglcontextrestored?.();
    drawSky();
    expect(shared.sky).not.toHaveBeenCalled();
  });
});
