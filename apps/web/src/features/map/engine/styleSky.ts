import type { MapInstance } from './maplibre';

/** What drawSkyOnlyWhenStyled needs of a map (a structural slice, so that tests can pass a fake). */
export type SkyMap = Pick<MapInstance, 'getSky' | 'on'> & {
  painter: Pick<MapInstance['painter'], 'drawFunctions'>;
};

/**
 * Lets the map draw its sky only when the style defines one.
 *
 * This MapLibre draws a sky pass in every frame once a style has loaded, whether or not the style has a `sky`
 * (MapLibre 4.5 drew it only for a stylesheet with one): a blended quad over the whole viewport. Our styles
 * define no sky, and with the camera's pitch at most 60° (MapLibre's default maxPitch, which we keep) the horizon
 * never enters the view, so that pass changes no pixel; in software WebGL (SwiftShader, bench/map) it was about
 * a third of the GPU time of each frame while panning. A new painter comes with a restored WebGL context: the
 * rule is applied to it again.
 */
export function drawSkyOnlyWhenStyled(map: SkyMap): void {
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
