import { informationsIoApi } from '@mirante/shared';
import type { Router } from '../../http/route';
import type { PortfolioIoService } from './portfolio-io.service';
import { receiveSpreadsheet } from './portfolio-upload';

/** The API calls: informations export (CSV/xlsx), import (multipart) and the import template. */
export function registerPortfolioIoRoutes(route: Router, io: PortfolioIoService): void {
  route(informationsIoApi.export, async ({ user, params, query }) => {
    const file = await io.exportFile(user, params.id, query);
    return {
      body: file.body,
      contentType: file.contentType,
      cacheControl: 'no-store',
      downloadName: file.filename,
    };
  });

  route(informationsIoApi.example, async ({ user, params }) => {
    const file = await io.template(user, params.projectId);
    return {
      body: file.body,
      contentType: file.contentType,
      cacheControl: 'no-store',
      downloadName: file.filename,
    };
  });

  route(informationsIoApi.import, async ({ user, params, request }) => {
    await io.assertCanImport(user, params.id);
    const upload = await receiveSpreadsheet(request);
    return io.importFile(user, params.id, upload);
  });
}
