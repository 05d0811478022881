import { useMutation, useQueryClient } from '@tanstack/react-query';
import { layerImportApi, type EndpointInput, type LayerImportMapping, type LayerType } from '@mirante/shared';
import { callApi } from '../../../../shared/api/callApi';

export interface LayerImportRequest {
  projectId: number;
  file: File;
  epsg: number | null;
  defaultType: LayerType;
  /** Null: let the server pick the columns by their default names. */
  mapping: LayerImportMapping | null;
  dryRun: boolean;
  skipInvalid: boolean;
  /** Keep lots that repeat another of the file under a suffixed code or number (a warning each). */
  keepDuplicates: boolean;
  deriveBlocks: boolean;
  deriveStages: boolean;
}

/** The multipart body: the fields first, the file last (the server reads them in order). */
function importForm(request: LayerImportRequest): FormData {
  const form = new FormData();
  if (request.epsg !== null) form.append('epsg', String(request.epsg));
  if (request.mapping !== null) form.append('mapping', JSON.stringify(request.mapping));
  form.append('defaultType', request.defaultType);
  form.append('dryRun', String(request.dryRun));
  form.append('skipInvalid', String(request.skipInvalid));
  form.append('keepDuplicates', String(request.keepDuplicates));
  form.append('deriveBlocks', String(request.deriveBlocks));
  form.append('deriveStages', String(request.deriveStages));
  form.append('file', request.file, request.file.name);
  return form;
}

/** A dry run or an import; a real import refreshes the project's map layers and the projects' boundaries. */
export function useLayerImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: LayerImportRequest) =>
      callApi(layerImportApi.importLayers, {
        params: { id: request.projectId },
        // callApi sends a FormData as it is: the contract types the fields, the file travels beside them.
        body: importForm(request) as unknown as EndpointInput<typeof layerImportApi.importLayers>['body'],
      }),
    onSuccess: (report, request) => {
      if (!report.imported) return;
      void client.invalidateQueries({ queryKey: ['map', 'layers', request.projectId] });
      void client.invalidateQueries({ queryKey: ['map', 'lot-statuses', request.projectId] });
      void client.invalidateQueries({ queryKey: ['projects'] });
      void client.invalidateQueries({ queryKey: ['admin', 'projects'] });
    },
  });
}
