import { projectsApi } from '@mirante/shared';
import type { Router } from '../../http/route';
import type { ProjectsService } from './projects.service';

export function registerProjectRoutes(route: Router, projects: ProjectsService): void {
  route(projectsApi.list, ({ user, query }) => projects.listForUser(user, query.loteamento));
  route(projectsApi.get, ({ user, params }) => projects.getForUser(user, params.id));
}
