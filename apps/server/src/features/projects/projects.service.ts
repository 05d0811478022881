import { type AreaGeometry, type Project, type ProjectStage, type ProjectType } from '@mirante/shared';
import { forbidden, notFound, type AppError } from '../../http/app-error';
import type { AuthUser } from '../auth';
import { deriveGeometry, limitLayerOf, validateAreaGeometry } from './geometry';
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

/** Finance values (spec 6) only for those holding allotment.finance. */
const seesFinance = (user: AuthUser | null) =>
  user === null || user.role === 'ADMIN' || user.modules.includes('allotment.finance');

function toProject(row: ProjectRow, user: AuthUser | null): Project {
  const delimiter = row.delimiter as AreaGeometry;
  const [west, south, east, north] = row.bbox as [number, number, number, number];
  return {
    id: row.id,
    name: row.name,
    space: row.space,
    center: [row.center[0] ?? 0, row.center[1] ?? 0],
    bounds: [
      [west, south],
      [east, north],
    ],
    delimiter,
    limitLayer: limitLayerOf(delimiter),
    defaultZoom: row.defaultZoom,
    default: row.isDefault,
    projectType: row.projectType,
    hasStage: row.hasStage,
    hasReport: row.hasReport,
    hasInformation: row.hasInformation,
    hasPriceVisualization: row.hasPriceVisualization,
    useProviderMapLayer: row.useProviderMapLayer,
    totalInspections: 0,
    layers: [],
    wallet_links: [],
    customerId: row.customerId,
    customerCode: row.customerCode,
    area: Math.round((row.areaM2 / 10_000) * 100) / 100,
    perimeter: Math.round((row.perimeterM / 1000) * 100) / 100,
    releaseDate: row.releaseDate,
    stage: row.stage,
    team: row.team,
    blocks: row.blocks,
    lots: row.lots,
    address: row.address,
    city: row.city,
    state: row.state,
    detail: row.detail,
    valorInadimplencia: seesFinance(user) ? row.valorInadimplencia : null,
  };
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
      return rows.map((row) => toProject(row, user));
    },

    async getForUser(user: AuthUser, projectId: number): Promise<Project> {
      return toProject(await findAccessible(user, projectId), user);
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
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
