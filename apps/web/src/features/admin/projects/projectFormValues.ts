import dayjs, { type Dayjs } from 'dayjs';
import type {
  CreateProjectInput,
  DelimiterInput,
  EditProjectInput,
  ProjectStage,
  ProjectType,
  RegisteredProject,
} from '@mirante/shared';

/** The fields of the project form (antd values: dates as Dayjs, blanks as undefined or null). */
export interface ProjectFormValues {
  name: string;
  customerId?: number;
  projectType?: ProjectType;
  delimiter?: DelimiterInput | null;
  defaultZoom?: number | null;
  default?: boolean;
  hasStage?: boolean;
  hasReport?: boolean;
  hasInformation?: boolean;
  hasPriceVisualization?: boolean;
  useProviderMapLayer?: boolean;
  customerCode?: string | null;
  releaseDate?: Dayjs | null;
  stage?: ProjectStage | null;
  team?: string | null;
  blocks?: number | null;
  lots?: number | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  detail?: string | null;
  valorInadimplencia?: number | null;
}

const blank = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
const orNull = <T>(value: T | null | undefined): T | null => value ?? null;

/** Every editable field, blanks as null: an edit sends the whole form, so a cleared field is cleared. */
export function toEditBody(values: ProjectFormValues): EditProjectInput {
  return {
    name: values.name,
    ...(values.projectType ? { projectType: values.projectType } : {}),
    delimiter: orNull(values.delimiter),
    ...(values.defaultZoom ? { defaultZoom: values.defaultZoom } : {}),
    default: values.default ?? false,
    hasStage: values.hasStage ?? false,
    hasReport: values.hasReport ?? false,
    hasInformation: values.hasInformation ?? false,
    hasPriceVisualization: values.hasPriceVisualization ?? false,
    useProviderMapLayer: values.useProviderMapLayer ?? false,
    customerCode: blank(values.customerCode),
    releaseDate: values.releaseDate ? values.releaseDate.format('YYYY-MM-DD') : null,
    stage: orNull(values.stage),
    team: blank(values.team),
    blocks: orNull(values.blocks),
    lots: orNull(values.lots),
    address: blank(values.address),
    city: blank(values.city),
    state: blank(values.state),
    detail: blank(values.detail),
    valorInadimplencia: orNull(values.valorInadimplencia),
  };
}

/** A new project: the edit body plus its customer (the form requires type and customer before this runs). */
export function toCreateBody(values: ProjectFormValues): CreateProjectInput {
  const { delimiter, ...rest } = toEditBody(values);
  return {
    ...rest,
    name: values.name,
    projectType: values.projectType ?? 'ALLOTMENT',
    customerId: values.customerId ?? 0,
    ...(delimiter ? { delimiter } : {}),
  };
}

/** The form filled with a registered project (to edit it). */
export function fromProject(project: RegisteredProject): ProjectFormValues {
  return {
    name: project.name,
    customerId: project.customerId,
    projectType: project.projectType,
    delimiter: project.delimiter,
    defaultZoom: project.defaultZoom,
    default: project.default,
    hasStage: project.hasStage,
    hasReport: project.hasReport,
    hasInformation: project.hasInformation,
    hasPriceVisualization: project.hasPriceVisualization,
    useProviderMapLayer: project.useProviderMapLayer,
    customerCode: project.customerCode,
    releaseDate: project.releaseDate ? dayjs(project.releaseDate) : null,
    stage: project.stage,
    team: project.team,
    blocks: project.blocks,
    lots: project.lots,
    address: project.address,
    city: project.city,
    state: project.state,
    detail: project.detail,
    valorInadimplencia: project.valorInadimplencia,
  };
}

type Polygonal = DelimiterInput;

function polygonsOf(value: unknown): Polygonal[] {
  if (value === null || typeof value !== 'object') return [];
  const object = value as { type?: unknown; geometry?: unknown; features?: unknown; coordinates?: unknown };
  if (object.type === 'Polygon' || object.type === 'MultiPolygon') return [object as Polygonal];
  if (object.type === 'Feature') return polygonsOf(object.geometry);
  if (object.type === 'FeatureCollection' && Array.isArray(object.features))
    return object.features.flatMap(polygonsOf);
  if (object.type === 'GeometryCollection') {
    const geometries = (value as { geometries?: unknown }).geometries;
    return Array.isArray(geometries) ? geometries.flatMap(polygonsOf) : [];
  }
  return [];
}

/**
 * The boundary in a GeoJSON text: its one Polygon/MultiPolygon (a geometry, a Feature or a FeatureCollection);
 * several polygons become one MultiPolygon. Null when there is none. Throws on text that is not JSON.
 */
export function delimiterFromGeoJson(text: string): DelimiterInput | null {
  const polygons = polygonsOf(JSON.parse(text) as unknown);
  if (polygons.length === 0) return null;
  if (polygons.length === 1) return polygons[0] ?? null;
  return {
    type: 'MultiPolygon',
    coordinates: polygons.flatMap((p) => (p.type === 'Polygon' ? [p.coordinates] : p.coordinates)) as Extract<
      DelimiterInput,
      { type: 'MultiPolygon' }
    >['coordinates'],
  };
}
