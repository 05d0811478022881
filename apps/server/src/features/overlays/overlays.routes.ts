import { OVERLAY_MESSAGES, OVERLAY_PDF_MAX_BYTES, overlaysApi } from '@mirante/shared';
import type { Router } from '../../http/route';
import { receivePdf } from '../../http/receive-pdf';
import type { OverlaysService } from './overlays.service';

/** The overlay calls of the API calls "Inspections, notes, overlays" (the PDF upload is converted on the server). */
export function registerOverlayRoutes(route: Router, overlays: OverlaysService): void {
  route(overlaysApi.list, ({ user, params }) => overlays.list(user, params.projectId));
  route(overlaysApi.create, ({ user, body }) => overlays.create(user, body));
  route(overlaysApi.destroy, ({ user, body }) => overlays.destroy(user, body.project_id, body.overlay_id));

  route(overlaysApi.upload, async ({ user, request }) => {
    let projectId = 0;
    const rules = {
      maxBytes: OVERLAY_PDF_MAX_BYTES,
      tooLarge: OVERLAY_MESSAGES.pdfTooLarge,
      notPdf: OVERLAY_MESSAGES.pdfOnly,
      scratch: 'overlay',
    };
    const upload = await receivePdf(request, rules, async (fields) => {
      projectId = await overlays.assertCanUpload(user, fields);
    });
    try {
      return await overlays.convert(user, projectId, upload);
    } finally {
      await upload.cleanup();
    }
  });

  route(overlaysApi.image, async ({ user, query }) => {
    const image = await overlays.image(user, query.hash, query.small === true);
    return {
      body: image.stream,
      contentType: 'image/png',
      ...(image.size !== null ? { size: image.size } : {}),
      cacheControl: 'private, max-age=86400',
    };
  });
}
