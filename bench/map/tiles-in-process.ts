// bench/map/tiles-in-process: the server's vector-tile work alone (no HTTP, no database) for a grid allotment of
// BENCH_LOTS lots (50,000 by default): building the tile index once per project version, and cutting + encoding
// the tiles of a view (the allotment fitted in a 1366×768 map, and street level); then the pool task that cuts a
// version's whole pyramid (when each view's zoom is ready, its tiles and bytes). Prints its figures.
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import type { LayerTextRow } from '../../apps/server/src/features/layers/layers.repo';
import { encodeVectorTile, vectorTileIndex } from '../../apps/server/src/features/layers/vector-tiles';
import { vectorTileTasks, type CutZoom } from '../../apps/server/src/features/layers/vector-tile-tasks';
import { MessageChannel } from 'node:worker_threads';
import { fittedView, viewAt } from './view-tiles';

const LOTS = Number(process.env.BENCH_LOTS ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const STATUSES = ['V', 'B', 'E', 'C', 'O'];

/** Lots of 12 m × 25 m in rows of 100 around Maringá, as bench/map/seed-lots.ts lays them. */
function gridLots(total: number): { rows: LayerTextRow[]; bbox: [number, number, number, number] } {
  const [lng0, lat0] = [-51.94, -23.42];
  const dLat = 25 / 111_320;
  const dLng = 12 / (111_320 * Math.cos((lat0 * Math.PI) / 180));
  const perRow = 100;
  const lines = Math.ceil(total / perRow);
  const west = lng0 - (perRow / 2) * dLng * 1.05;
  const south = lat0 - (lines / 2) * dLat * 1.12;
  const rows = Array.from({ length: total }, (_, index) => {
    const col = index % perRow;
    const line = Math.floor(index / perRow);
    const x = west + col * dLng + Math.floor(col / 10) * 0.5 * dLng;
    const y = south + line * dLat + Math.floor(line / 2) * 0.24 * dLat;
    const ring = [
      [x, y],
      [x + dLng * 0.97, y],
      [x + dLng * 0.97, y + dLat * 0.97],
      [x, y + dLat * 0.97],
      [x, y],
    ].map(([a, b]) => [Number(a!.toFixed(9)), Number(b!.toFixed(9))]);
    return {
      id: index + 1,
      type: 'LOT',
      geoJsonText: JSON.stringify({ type: 'Polygon', coordinates: [ring] }),
      latestStatus: STATUSES[index % STATUSES.length] ?? null,
      latestDate: '2026-01-10',
      latestPrecision: null,
    } as LayerTextRow;
  });
  const east = west + perRow * dLng * 1.06;
  const north = south + lines * dLat * 1.13;
  return { rows, bbox: [west, south, east, north] };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const { rows, bbox } = gridLots(LOTS);
const builds: number[] = [];
const views = { fitted: fittedView(bbox, 1016, 656, 17), street: viewAt(bbox, 17.5, 1016, 656, 17) };
const cut: Record<string, number[]> = { fitted: [], street: [] };
const bytes: Record<string, number> = {};
for (let round = 0; round < ROUNDS; round++) {
  let start = performance.now();
  const index = vectorTileIndex(rows);
  builds.push(performance.now() - start);
  for (const [name, view] of Object.entries(views)) {
    start = performance.now();
    let total = 0;
    for (const tile of view.tiles) total += gzipSync(encodeVectorTile(index, tile.z, tile.x, tile.y)).length;
    cut[name]!.push(performance.now() - start);
    bytes[name] = total;
  }
}
console.log(
  `${LOTS.toLocaleString('en')} lots, ${ROUNDS} rounds, ${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(2)}`,
);
console.log(`index build (per project version): median ${median(builds).toFixed(0)} ms`);
for (const [name, view] of Object.entries(views))
  console.log(
    `${name} view: zoom ${view.zoom.toFixed(1)}, ${view.tiles.length} tiles, ${(bytes[name]! / 1024).toFixed(0)} KB gzip, ` +
      `first cut + encode + gzip median ${median(cut[name]!).toFixed(0)} ms`,
  );

// The whole pyramid as the CPU pool's task cuts it (here on this thread): when each zoom is handed over, and
// when the street view's tiles, asked for ahead of their zoom (as right after a change), are.
const zoomReady = new Map<number, number>();
let streetReady = 0;
const { port1, port2 } = new MessageChannel();
for (const tile of views.street.tiles) port1.postMessage(tile);
const pyramidStart = performance.now();
port2.postMessage = (zoom: CutZoom) => {
  const at = performance.now() - pyramidStart;
  if (zoom.asked) streetReady = at;
  else zoomReady.set(zoom.z, at);
};
const pyramid = await vectorTileTasks.cutVectorTiles({ rows }, port2);
const whole = performance.now() - pyramidStart;
port1.close();
const heapMb = process.memoryUsage().heapUsed / 1024 / 1024;
const fittedZoom = views.fitted.tiles[0]?.z ?? 0;
console.log(
  `whole pyramid (z0–17) cut + encoded + gzipped on one thread: ${whole.toFixed(0)} ms, ${pyramid.tiles} tiles, ` +
    `${(pyramid.bytes / 1024 / 1024).toFixed(1)} MB (bytes + gzip), heap ${heapMb.toFixed(0)} MB; ` +
    `fitted view's zoom ${fittedZoom} ready at ${zoomReady.get(fittedZoom)?.toFixed(0)} ms, ` +
    `street view's ${views.street.tiles.length} tiles (asked ahead) at ${streetReady.toFixed(0)} ms`,
);
