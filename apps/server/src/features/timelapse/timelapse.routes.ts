import { timelapseApi } from '@mirante/shared';
import type { Router } from '../../http/route';
import type { TimelapseService } from './timelapse.service';

/** The timelapse player's frames and the exports' formats, the exports (start, progress, file). */
export function registerTimelapseRoutes(route: Router, timelapse: TimelapseService): void {
  route(timelapseApi.formats, () => timelapse.formats());
  route(timelapseApi.frame, async ({ user, params, query }) => ({
    body: await timelapse.frame(user, params.projectId, query),
    contentType: 'image/png',
    // A frame changes with the scene's offset and the lots' statuses: the browser keeps it a few minutes only.
    cacheControl: 'private, max-age=300',
  }));
  route(timelapseApi.startExport, ({ user, params, body }) =>
    timelapse.startExport(user, params.projectId, body),
  );
  route(timelapseApi.exportStatus, ({ user, params }) => timelapse.status(user, params.id));
  route(timelapseApi.exportFile, async ({ user, params }) => {
    const file = await timelapse.file(user, params.id);
    return {
      body: file.body,
      contentType: file.contentType,
      cacheControl: 'no-store',
      downloadName: file.fileName,
    };
  });
}
