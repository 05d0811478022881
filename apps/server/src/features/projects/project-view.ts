import type { AreaGeometry, Project, RegisteredProject } from '@mirante/shared';
import { seesSaleValues } from '../../policies';
import type { AuthUser } from '../auth';
import { limitLayerOf, NO_BOUNDARY_VIEW } from './geometry';
import type { ProjectRow, RegisteredProjectRow } from './projects.repo';

/**
 * A project row as the contract sends it (`user` null: no one to hide finance values from). `lotLayers`: the
 * project's LOT layers; once lots are loaded that is the lot count shown everywhere (Detalhes, the layers list,
 * the detections list), the typed-in number only stands while no lot is loaded. `inspections`: how many
 * inspections the project has (construction).
 */
export function toProject(
  row: ProjectRow,
  user: AuthUser | null,
  counts: { lotLayers?: number; inspections?: number } = {},
): Project {
  const delimiter = (row.delimiter ?? null) as AreaGeometry | null;
  const [west, south, east, north] = (row.bbox ?? NO_BOUNDARY_VIEW.bbox) as [number, number, number, number];
  const center = row.center ?? NO_BOUNDARY_VIEW.center;
  return {
    id: row.id,
    name: row.name,
    space: row.space,
    center: [center[0] ?? 0, center[1] ?? 0],
    bounds: [
      [west, south],
      [east, north],
    ],
    delimiter,
    limitLayer: delimiter ? limitLayerOf(delimiter) : null,
    defaultZoom: row.defaultZoom,
    default: row.isDefault,
    projectType: row.projectType,
    hasStage: row.hasStage,
    hasReport: row.hasReport,
    hasInformation: row.hasInformation,
    hasPriceVisualization: row.hasPriceVisualization,
    useProviderMapLayer: row.useProviderMapLayer,
    totalInspections: counts.inspections ?? 0,
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
    lots: counts.lotLayers ?? row.lots,
    address: row.address,
    city: row.city,
    state: row.state,
    detail: row.detail,
    valorInadimplencia: seesSaleValues(user) ? row.valorInadimplencia : null,
    archived: row.archivedAt !== null,
  };
}

/** A project as the administration panel lists it. */
export function toRegisteredProject(row: RegisteredProjectRow): RegisteredProject {
  return {
    ...toProject(row, null),
    customerName: row.customerName,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
