import type { Map as MapInstance } from 'maplibre-gl';

/**
 * Lets the map draw its sky only when the style defines one.
 *
 * This MapLibre draws a sky pass in every frame once a style has loaded, whether or not the style has a `sky`
 * (MapLibre 4.5 drew it only for a stylesheet with one): a blended quad over the whole viewport. Our styles
 * define no sky, and with the camera's pitch at most 60° (MapLibre's default maxPitch, which we keep) the horizon
 * never enters the view, so that pass changes no pixel; in software WebGL (SwiftShader, bench/map) it was about
 * a third of the GPU time of each frame while panning. A new painter comes with a restored WebGL context: the
 * rule is applied to it again. (Checked on a real map in Chromium: e2e/tests/map-sky.spec.ts.)
 */
export function drawSkyOnlyWhenStyled(map: MapInstance): void {
  const apply = () => {
    const functions = map.painter.drawFunctions;
    const drawSky = functions.sky;
    map.painter.drawFunctions = {
      ...functions,
      sky: (...args: Parameters<typeof drawSky>) => {
        if (map.getSky()) drawSky(...args);
      },
    };
  };
  apply();
  map.on('webglcontextrestored', apply);
}
