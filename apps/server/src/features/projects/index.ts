import type { Db } from '../../db/database';
import { createProjectsRepo } from './projects.repo';
import { createProjectsService, type ProjectsService } from './projects.service';

/** The projects feature's public entry: what other features may use. */
export type { ProjectsService } from './projects.service';

/** The projects service on `db` (a transaction when the caller writes in one). */
export function projectsServiceFor(db: Db): ProjectsService {
  return createProjectsService(createProjectsRepo(db));
}
