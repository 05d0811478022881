import { inspectionsApi } from '@mirante/shared';
import type { Router } from '../../http/route';
import type { InspectionsService } from './inspections.service';

/** The API calls: GET inspections, POST inspections (create or change), POST /inspections/destroy. */
export function registerInspectionRoutes(route: Router, inspections: InspectionsService): void {
  route(inspectionsApi.list, ({ user, query }) => inspections.list(user, query.project_id));
  route(inspectionsApi.save, ({ user, body }) => inspections.save(user, body));
  route(inspectionsApi.destroy, ({ user, body }) =>
    inspections.destroy(user, body.project_id, body.inspection_id),
  );
}
