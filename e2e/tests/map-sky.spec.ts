import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import type * as Maplibre from 'maplibre-gl';
import ts from 'typescript';

/**
 * styleSky.ts on a real MapLibre map in Chromium (WebGL), not on a fake of its internals: the app's own module,
 * transpiled, with the installed MapLibre. The page is blank (no server): only the map and the rule under test.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const maplibreDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('maplibre-gl/package.json')),
  'dist',
);
const STYLE_SKY = path.resolve(here, '../../apps/web/src/features/map/engine/styleSky.ts');

const sources = () => ({
  maplibre: readFileSync(path.join(maplibreDist, 'maplibre-gl.mjs'), 'utf8'),
  worker: readFileSync(path.join(maplibreDist, 'maplibre-gl-worker.mjs'), 'utf8'),
  styleSky: ts.transpileModule(readFileSync(STYLE_SKY, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText,
});

test("a real map skips MapLibre's sky pass while its style has no sky and draws it once the style has one", async ({
  page,
}) => {
  await page.setContent('<div id="map" style="width: 400px; height: 300px"></div>');
  const calls = await page.evaluate(async ({ maplibre, worker, styleSky }) => {
    const moduleUrl = (code: string) => URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
    const lib = (await import(moduleUrl(maplibre))) as typeof Maplibre;
    const { drawSkyOnlyWhenStyled } = (await import(moduleUrl(styleSky))) as {
      drawSkyOnlyWhenStyled(map: InstanceType<typeof lib.Map>): void;
    };
    lib.setWorkerUrl(moduleUrl(worker));
    const map = new lib.Map({
      container: 'map',
      style: {
        version: 8,
        sources: {},
        layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#e6e8eb' } }],
      },
      center: [-47.9, -15.8],
      zoom: 12,
    });
    // Count the sky passes MapLibre asks for, through its own draw function (kept, so the sky still draws).
    let skyPasses = 0;
    const table = map.painter.drawFunctions;
    const drawSky = table.sky;
    table.sky = (...args: Parameters<typeof drawSky>) => {
      skyPasses++;
      drawSky(...args);
    };
    drawSkyOnlyWhenStyled(map);
    const frames = async (count: number) => {
      for (let i = 0; i < count; i++) {
        map.triggerRepaint();
        await new Promise<void>((resolve) => map.once('render', () => resolve()));
      }
    };
    await new Promise<void>((resolve) => map.once('idle', () => resolve()));
    await frames(3);
    const withoutSky = skyPasses;
    map.setSky({ 'sky-color': '#88c6fc', 'horizon-color': '#ffffff' });
    await new Promise<void>((resolve) => map.once('idle', () => resolve()));
    await frames(3);
    const withSky = skyPasses - withoutSky;
    map.remove();
    return { withoutSky, withSky };
  }, sources());
  expect(calls.withoutSky, 'sky passes while the style has no sky').toBe(0);
  expect(calls.withSky, 'sky passes once the style has a sky').toBeGreaterThan(0);
});
