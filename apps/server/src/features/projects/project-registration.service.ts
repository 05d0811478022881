import {
  PROJECT_MESSAGES,
  type CreateProjectInput,
  type EditProjectInput,
  type RegisteredProject,
} from '@mirante/shared';
import { forbidden, notFound, unprocessable } from '../../http/app-error';
import { mayManageProjects } from '../../policies';
import type { AuthUser } from '../auth';
import { deriveGeometry, flattenDelimiter, validateAreaGeometry, type AreaGeometryInput } from './geometry';
import { toRegisteredProject } from './project-view';
import { isProjectNameTaken, isUniqueViolation, type ProjectPatch, type ProjectsRepo } from './projects.repo';
import { freeSpace, spaceBase } from './space';

/** Two requests may pick the same free space at once; the loser tries the next one. */
const SPACE_ATTEMPTS = 5;

/** The stored geometry columns of a boundary given by an ADMIN (all null without one). */
function boundaryColumns(delimiter: AreaGeometryInput | null) {
  if (delimiter === null) {
    return { delimiter: null, bbox: null, center: null, areaM2: 0, perimeterM: 0, delimiterDerived: false };
  }
  const geometry = flattenDelimiter(delimiter);
  validateAreaGeometry(geometry);
  const derived = deriveGeometry(geometry);
  return {
    delimiter: JSON.stringify(geometry),
    bbox: derived.bbox,
    center: derived.center,
    areaM2: derived.areaM2,
    perimeterM: derived.perimeterM,
    delimiterDerived: false,
  };
}

/** The contract's field names → columns, for the fields present in `input` (an edit sends only changes). */
function fieldColumns(input: EditProjectInput): ProjectPatch {
  const patch: ProjectPatch = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.projectType !== undefined) patch.projectType = input.projectType;
  if (input.defaultZoom !== undefined) patch.defaultZoom = input.defaultZoom;
  if (input.default !== undefined) patch.isDefault = input.default;
  if (input.hasStage !== undefined) patch.hasStage = input.hasStage;
  if (input.hasReport !== undefined) patch.hasReport = input.hasReport;
  if (input.hasInformation !== undefined) patch.hasInformation = input.hasInformation;
  if (input.hasPriceVisualization !== undefined) patch.hasPriceVisualization = input.hasPriceVisualization;
  if (input.useProviderMapLayer !== undefined) patch.useProviderMapLayer = input.useProviderMapLayer;
  const blankToNull = (value: string | null) => (value === null || value === '' ? null : value);
  if (input.customerCode !== undefined) patch.customerCode = blankToNull(input.customerCode);
  if (input.releaseDate !== undefined) patch.releaseDate = input.releaseDate;
  if (input.stage !== undefined) patch.stage = input.stage;
  if (input.team !== undefined) patch.team = blankToNull(input.team);
  if (input.blocks !== undefined) patch.blocks = input.blocks;
  if (input.lots !== undefined) patch.lots = input.lots;
  if (input.address !== undefined) patch.address = blankToNull(input.address);
  if (input.city !== undefined) patch.city = blankToNull(input.city);
  if (input.state !== undefined) patch.state = blankToNull(input.state);
  if (input.detail !== undefined) patch.detail = blankToNull(input.detail);
  if (input.valorInadimplencia !== undefined) patch.valorInadimplencia = input.valorInadimplencia;
  if (input.delimiter !== undefined) Object.assign(patch, boundaryColumns(input.delimiter));
  return patch;
}

/** Registering, editing, archiving and unarchiving projects: the administration panel's 'Cadastrar projeto'. */
export function createProjectRegistrationService(repo: ProjectsRepo) {
  const projectNotFound = () => notFound('Projeto não encontrado.', 'PROJECT_NOT_FOUND');

  function assertManager(user: AuthUser): void {
    if (!mayManageProjects(user)) throw forbidden();
  }

  const nameTaken = () => unprocessable('PROJECT_NAME_TAKEN', PROJECT_MESSAGES.nameTaken);

  /** Checked first for a clear answer; the unique index still refuses a name taken in between (a race). */
  async function assertNameFree(customerId: number, name: string, exceptId: number | null) {
    if (await repo.nameTaken(customerId, name, exceptId)) throw nameTaken();
  }

  async function registered(projectId: number): Promise<RegisteredProject> {
    const row = await repo.findRegistered(projectId);
    if (!row) throw projectNotFound();
    return toRegisteredProject(row);
  }

  async function insertWithFreeSpace(input: CreateProjectInput): Promise<number> {
    const base = spaceBase(input.name);
    const columns = { ...fieldColumns(input), ...boundaryColumns(input.delimiter ?? null) };
    for (let attempt = 1; ; attempt += 1) {
      const space = freeSpace(base, await repo.spacesLike(base));
      try {
        const row = await repo.insert({
          ...columns,
          customerId: input.customerId,
          name: input.name,
          projectType: input.projectType,
          space,
        });
        return row.id;
      } catch (error) {
        if (isProjectNameTaken(error)) throw nameTaken();
        if (!isUniqueViolation(error) || attempt >= SPACE_ATTEMPTS) throw error;
      }
    }
  }

  return {
    async listAll(user: AuthUser): Promise<RegisteredProject[]> {
      assertManager(user);
      return (await repo.listRegistered()).map(toRegisteredProject);
    },

    async create(user: AuthUser, input: CreateProjectInput): Promise<RegisteredProject> {
      assertManager(user);
      if (!(await repo.customerExists(input.customerId)))
        throw unprocessable('CUSTOMER_NOT_FOUND', 'Cliente não encontrado.');
      await assertNameFree(input.customerId, input.name, null);
      return registered(await insertWithFreeSpace(input));
    },

    async edit(user: AuthUser, projectId: number, input: EditProjectInput): Promise<RegisteredProject> {
      assertManager(user);
      const current = await repo.findRegistered(projectId);
      if (!current) throw projectNotFound();
      if (input.name !== undefined) await assertNameFree(current.customerId, input.name, projectId);
      const patch = fieldColumns(input);
      if (Object.keys(patch).length > 0) {
        try {
          await repo.update(projectId, patch);
        } catch (error) {
          if (isProjectNameTaken(error)) throw nameTaken();
          throw error;
        }
      }
      return registered(projectId);
    },

    async setArchived(user: AuthUser, projectId: number, archived: boolean): Promise<RegisteredProject> {
      assertManager(user);
      const current = await repo.findRegistered(projectId);
      if (!current) throw projectNotFound();
      if ((current.archivedAt !== null) !== archived) {
        await repo.update(
          projectId,
          archived ? { archivedAt: new Date(), archivedBy: user.id } : { archivedAt: null, archivedBy: null },
        );
      }
      return registered(projectId);
    },
  };
}

export type ProjectRegistrationService = ReturnType<typeof createProjectRegistrationService>;
