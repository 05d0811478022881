import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Scene } from '@mirante/shared';

const VECTORS = path.resolve(import.meta.dirname, '../../../../testdata/vectors');

/** Uploads a GeoTIFF (published) and returns the scene's id. */
export async function uploadScene(
  baseUrl: string,
  token: string,
  projectId: number,
  date: string,
  bytes: Buffer,
): Promise<number> {
  const form = new FormData();
  form.append('date', date);
  form.append('project', String(projectId));
  form.append('publishImage', 'true');
  form.append('file', new Blob([bytes]), 'cena.tif');
  const response = await fetch(`${baseUrl}/api/v1/scene`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 200) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: number }).id;
}

/** The tile (z, x, y) at the centre of a scene, at its deepest zoom. */
export function tileOf(scene: Pick<Scene, 'bounds' | 'maxZoom'>): [number, number, number] {
  const [[west, south], [east, north]] = scene.bounds!;
  const lon = (west + east) / 2;
  const lat = ((south + north) / 2) * (Math.PI / 180);
  const z = scene.maxZoom ?? 18;
  const n = 2 ** z;
  const x = Math.floor(((lon + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * n);
  return [z, x, y];
}

/** Imports the São Paulo lots (a real GeoJSON in UTM 23S) into `projectId`, skipping invalid ones. */
export function importSaoPauloLots(baseUrl: string, token: string, projectId: number): Promise<Response> {
  const form = new FormData();
  form.append(
    'file',
    new Blob([readFileSync(path.join(VECTORS, 'saopaulo_lotes_utm23s.geojson'))]),
    'lotes.geojson',
  );
  form.append('skipInvalid', 'true');
  return fetch(`${baseUrl}/api/v1/project/${projectId}/layers/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}
