import { layerImportApi, layerImportFieldsSchema } from '@mirante/shared';
import { unprocessable } from '../../http/app-error';
import type { Router } from '../../http/route';
import type { LayerFileImportService } from './layer-import.service';
import { receiveLayerFile } from './layer-import.upload';

/** `POST /project/:id/layers/import` (multipart): lots and other layers from a file. */
export function registerLayerImportRoutes(route: Router, service: LayerFileImportService): void {
  route(layerImportApi.importLayers, async ({ user, params, request }) => {
    await service.assertCanImport(user, params.id);
    const upload = await receiveLayerFile(request);
    const parsed = layerImportFieldsSchema.safeParse(upload.fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw unprocessable(
        'VALIDATION',
        `${issue?.message ?? 'Dados inválidos.'} (${String(issue?.path[0] ?? '')})`,
      );
    }
    return service.importFile(user, params.id, upload.file, parsed.data);
  });
}
