import type { Dayjs } from 'dayjs';
import type { UploadFile } from 'antd';

export interface SceneFormValues {
  date?: Dayjs;
  project?: number;
  cloud?: number | null;
  precision?: number | null;
  publishImage: boolean;
  file: UploadFile[];
  bounds?: string;
  model: UploadFile[];
  /** ★ The scene's elevation model, sent once the scene exists. */
  dsm: UploadFile[];
}

export { MAX_MOSAIC_FILES } from '@mirante/shared';

export const SCENE_FILE_ACCEPT = '.tif,.tiff,.png,.jpg,.jpeg,image/tiff,image/png,image/jpeg';
export const MODEL_ACCEPT = '.glb,.gltf,model/gltf-binary,model/gltf+json';

/** PNG and JPEG carry no georeference: they need bounds. */
export function isPlainImage(files: UploadFile[] | undefined): boolean {
  const name = files?.[0]?.name.toLowerCase() ?? '';
  return /\.(png|jpe?g)$/.test(name);
}

/** The multipart body of admin `POST scene`. */
export function sceneFormData(values: SceneFormValues): FormData {
  const form = new FormData();
  if (values.date) form.append('date', values.date.format('YYYY-MM-DD'));
  if (values.project !== undefined) form.append('project', String(values.project));
  if (values.cloud !== undefined && values.cloud !== null) form.append('cloud', String(values.cloud));
  if (values.precision !== undefined && values.precision !== null) {
    form.append('precision', String(values.precision));
  }
  form.append('publishImage', values.publishImage ? 'true' : 'false');
  if (isPlainImage(values.file) && values.bounds) form.append('bounds', values.bounds.trim());
  // Several GeoTIFFs of the date are sent as several `file` parts: the server makes one mosaic of them.
  for (const item of values.file) {
    if (item.originFileObj) form.append('file', item.originFileObj, item.originFileObj.name);
  }
  const model = values.model[0]?.originFileObj;
  if (model) form.append('model', model, model.name);
  return form;
}

/** Upload fields keep antd's file list. */
export const fileListOf = (event: { fileList: UploadFile[] } | UploadFile[]) =>
  Array.isArray(event) ? event : event.fileList;
