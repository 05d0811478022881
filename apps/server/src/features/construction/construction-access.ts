import { INSPECTION_MESSAGES, type ProjectType } from '@mirante/shared';
import type { AuthUser } from '../auth';
import type { ProjectsService } from '../projects';
import { forbidden, notFound, type AppError } from '../../http/app-error';
import { constructionAccess, type ConstructionNeed } from '../../policies';

export const inspectionNotFound = () => notFound(INSPECTION_MESSAGES.notFound, 'INSPECTION_NOT_FOUND');

export interface ConstructionProject {
  id: number;
  customerId: number;
  projectType: ProjectType;
  name: string;
  /** `[lon, lat]`, as the project row has it. */
  center: number[] | null;
}

/**
 * The project checks of every inspection and note call, in two steps so that the rows a call names are
 * looked up in between: `visible` — the project must be one the user sees (else `hiddenAs`, a 404 exactly as
 * a missing id: another customer's rows reveal nothing); `require` — a construction project and a module for
 * the need (else 403, as any module the user lacks).
 */
export function constructionGuard(projects: ProjectsService) {
  return {
    async visible(
      user: AuthUser,
      projectId: number,
      hiddenAs?: () => AppError,
    ): Promise<ConstructionProject> {
      const project = await projects.assertAccess(user, projectId, undefined, hiddenAs);
      return {
        id: project.id,
        customerId: project.customerId,
        projectType: project.projectType,
        name: project.name,
        center: project.center,
      };
    },

    require(user: AuthUser, project: ConstructionProject, need: ConstructionNeed): void {
      if (constructionAccess(user, project.projectType, need) !== 'allowed')
        throw forbidden('Módulo não disponível para este projeto.', 'MODULE_NOT_AVAILABLE');
    },
  };
}

export type ConstructionGuard = ReturnType<typeof constructionGuard>;
