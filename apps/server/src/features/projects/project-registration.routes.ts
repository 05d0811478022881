import { projectRegistrationApi } from '@mirante/shared';
import type { Router } from '../../http/route';
import type { ProjectRegistrationService } from './project-registration.service';

export function registerProjectRegistrationRoutes(
  route: Router,
  registration: ProjectRegistrationService,
): void {
  route(projectRegistrationApi.listAll, ({ user }) => registration.listAll(user));
  route(projectRegistrationApi.create, ({ user, body }) => registration.create(user, body));
  route(projectRegistrationApi.edit, ({ user, params, body }) => registration.edit(user, params.id, body));
  route(projectRegistrationApi.archive, ({ user, params }) =>
    registration.setArchived(user, params.id, true),
  );
  route(projectRegistrationApi.unarchive, ({ user, params }) =>
    registration.setArchived(user, params.id, false),
  );
}
