import type { AreaGeometry, Project, ProjectStage, ProjectType } from '@mirante/shared';
import { forbidden, notFound, type AppError } from '../../http/app-error';
import type { AuthUser } from '../auth';
import { deriveGeometry, validateAreaGeometry } from './geometry';
import { toProject } from './project-view';
import { projectAccess, projectScopeOf } from '../../policies';
import type { ProjectRow, ProjectsRepo } from './projects.repo';

export interface NewProject {
  customerId: number;
  name: string;
  space: string;
  projectType: ProjectType;
  delimiter: AreaGeometry;
  isDefault?: boolean;
  defaultZoom?: number;
  hasStage?: boolean;
  hasReport?: boolean;
  hasInformation?: boolean;
  hasPriceVisualization?: boolean;
  customerCode?: string;
  releaseDate?: string;
  stage?: ProjectStage;
  team?: string;
  blocks?: number;
  lots?: number;
  address?: string;
  city?: string;
  state?: string;
  detail?: string;
  valorInadimplencia?: number;
}

export function createProjectsService(repo: ProjectsRepo) {
  const projectNotFound = () => notFound('Projeto não encontrado.', 'PROJECT_NOT_FOUND');

  async function findAccessible(user: AuthUser, projectId: number): Promise<ProjectRow> {
    const row = await repo.findInScope(projectScopeOf(user), projectId);
    if (!row) throw projectNotFound();
    return row;
  }

  return {
    async listForUser(user: AuthUser, space?: string): Promise<Project[]> {
      const rows = await repo.list(projectScopeOf(user), space);
      if (rows.length === 0) throw notFound('Nenhum projeto encontrado para este usuário.', 'NO_PROJECTS');
      const ids = rows.map((row) => row.id);
      const [lots, inspections] = await Promise.all([repo.lotLayerCounts(ids), repo.inspectionCounts(ids)]);
      return rows.map((row) =>
        toProject(row, user, { lotLayers: lots.get(row.id), inspections: inspections.get(row.id) }),
      );
    },

    async getForUser(user: AuthUser, projectId: number): Promise<Project> {
      const row = await findAccessible(user, projectId);
      const [lots, inspections] = await Promise.all([
        repo.lotLayerCounts([row.id]),
        repo.inspectionCounts([row.id]),
      ]);
      return toProject(row, user, { lotLayers: lots.get(row.id), inspections: inspections.get(row.id) });
    },

    /**
     * The project-scoped permission check every feature uses (policies/project-access): the project must be
     * visible to the user and, for a module family (`map`, `security`…), the user must hold that module for the
     * project's type. `hiddenAs`: the error of the row the request named (a layer, a scene…), so that a row of
     * another customer's project answers exactly as a missing one.
     */
    async assertAccess(
      user: AuthUser,
      projectId: number,
      family?: string,
      hiddenAs: () => AppError = projectNotFound,
    ): Promise<ProjectRow> {
      const row = await repo.findInScope(projectScopeOf(user), projectId);
      const access = projectAccess(user, row, family);
      if (access === 'hidden' || !row) throw hiddenAs();
      if (access === 'module-missing')
        throw forbidden('Módulo não disponível para este projeto.', 'MODULE_NOT_AVAILABLE');
      return row;
    },

    async create(input: NewProject, memberUserIds: number[] = []): Promise<Project> {
      validateAreaGeometry(input.delimiter);
      const derived = deriveGeometry(input.delimiter);
      const row = await repo.insert({
        customerId: input.customerId,
        name: input.name,
        space: input.space,
        projectType: input.projectType,
        isDefault: input.isDefault ?? false,
        delimiter: JSON.stringify(input.delimiter),
        bbox: derived.bbox,
        center: derived.center,
        areaM2: derived.areaM2,
        perimeterM: derived.perimeterM,
        defaultZoom: input.defaultZoom ?? 16,
        hasStage: input.hasStage ?? false,
        hasReport: input.hasReport ?? false,
        hasInformation: input.hasInformation ?? false,
        hasPriceVisualization: input.hasPriceVisualization ?? false,
        customerCode: input.customerCode ?? null,
        releaseDate: input.releaseDate ?? null,
        stage: input.stage ?? null,
        team: input.team ?? null,
        blocks: input.blocks ?? null,
        lots: input.lots ?? null,
        address: input.address ?? null,
        city: input.city ?? null,
        state: input.state ?? null,
        detail: input.detail ?? null,
        valorInadimplencia: input.valorInadimplencia ?? null,
      });
      await repo.linkUsers(row.id, memberUserIds);
      return toProject(row, null);
    },

    /** Whether an import may give the project a boundary derived from its lots (none given by an ADMIN). */
    async takesDerivedBoundary(projectId: number): Promise<boolean> {
      return repo.takesDerivedBoundary(projectId);
    },

    /**
     * Sets the boundary a layer import derived from the lots, unless an ADMIN gave one: a project
     * registered without a boundary, or whose boundary an earlier import derived, takes it. Answers whether it did.
     */
    async adoptDerivedBoundary(projectId: number, geometry: AreaGeometry): Promise<boolean> {
      validateAreaGeometry(geometry);
      const derived = deriveGeometry(geometry);
      return repo.setDerivedBoundary(projectId, {
        delimiter: JSON.stringify(geometry),
        bbox: derived.bbox,
        center: derived.center,
        areaM2: derived.areaM2,
        perimeterM: derived.perimeterM,
      });
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
