import { layerImportApi, layerImportFieldsSchema, type LayerImportReport } from '@mirante/shared';
import { unprocessable } from '../../http/app-error';
import type { Router } from '../../http/route';
import { JsonText } from '../../serialised/json-text';
import type { LayerFileImportService } from './layer-import.service';
import { receiveLayerFile } from './layer-import.upload';

/** `POST /project/:id/layers/import` (multipart): lots and other layers from a file. */
export function registerLayerImportRoutes(route: Router, service: LayerFileImportService): void {
  route(layerImportApi.importLayers, async ({ user, params, request }) => {
    await service.assertCanImport(user, params.id);
    const upload = await receiveLayerFile(request);
    service.assertWithinLimits(upload.file);
    const parsed = layerImportFieldsSchema.safeParse(upload.fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw unprocessable(
        'VALIDATION',
        `${issue?.message ?? 'Dados inválidos.'} (${String(issue?.path[0] ?? '')})`,
      );
    }
    const report = await service.importFile(user, params.id, upload.file, parsed.data);
    // Serialised as is: the preview of 10,000 lots through the zod serialiser costs about a second (the API test
    // validates the answer against the contract).
    return new JsonText<LayerImportReport>(JSON.stringify(report));
  });
}
