import { ELEVATION_MESSAGES, elevationApi } from '@mirante/shared';
import { uploadWithProgress } from '../../shared/api/uploadWithProgress';

export const DSM_ACCEPT = '.tif,.tiff,image/tiff';

/** The browser only looks at the name; what the file holds (one float band, over the scene) is the server's to say. */
export function dsmFileProblem(file: File): string | null {
  return /\.tiff?$/i.test(file.name) ? null : ELEVATION_MESSAGES.notTiffName;
}

/** ★ Sends a scene's elevation model (ADMIN), reporting 0–1 as it leaves the browser. */
export function uploadDsm(sceneId: number, file: File, onProgress: (fraction: number) => void) {
  const form = new FormData();
  form.append('file', file, file.name);
  return uploadWithProgress(elevationApi.upload, form, { params: { id: sceneId }, onProgress });
}
