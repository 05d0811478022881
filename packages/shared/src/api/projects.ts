import { z } from 'zod';
import { PROJECT_STAGES, PROJECT_TYPES } from '../domain/projects';
import { defineEndpoint } from './endpoint';
import { idParams, text } from './input-rules';

const position = z.tuple([z.number(), z.number()]);
const polygonGeometry = z.object({
  type: z.literal('Polygon'),
  coordinates: z.array(z.array(position)),
});
const multiPolygonGeometry = z.object({
  type: z.literal('MultiPolygon'),
  coordinates: z.array(z.array(z.array(position))),
});
export const areaGeometrySchema = z.union([polygonGeometry, multiPolygonGeometry]);
export type AreaGeometry = z.infer<typeof areaGeometrySchema>;

export const projectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  space: z.string(),
  /** [lng, lat] */
  center: position,
  /** [[west, south], [east, north]] */
  bounds: z.tuple([position, position]),
  /** null until the project has a boundary (given at registration, or derived from its imported lots). */
  delimiter: areaGeometrySchema.nullable(),
  /** The world with the boundary cut out, to dim what lies outside the project; null without a boundary. */
  limitLayer: areaGeometrySchema.nullable(),
  defaultZoom: z.number(),
  default: z.boolean(),
  projectType: z.enum(PROJECT_TYPES),
  hasStage: z.boolean(),
  hasReport: z.boolean(),
  hasInformation: z.boolean(),
  hasPriceVisualization: z.boolean(),
  useProviderMapLayer: z.boolean(),
  totalInspections: z.number().int(),
  layers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  wallet_links: z.array(
    z.object({
      customer_code: z.string(),
      layer_id: z.number().int().nullable(),
      name: z.string().nullable(),
    }),
  ),
  customerId: z.number().int(),
  customerCode: z.string().nullable(),
  /** hectares */
  area: z.number(),
  /** kilometres */
  perimeter: z.number(),
  releaseDate: z.string().nullable(),
  stage: z.enum(PROJECT_STAGES).nullable(),
  team: z.string().nullable(),
  blocks: z.number().int().nullable(),
  lots: z.number().int().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  detail: z.string().nullable(),
  valorInadimplencia: z.number().nullable(),
  /** Archived projects are listed only to ADMINs. */
  archived: z.boolean(),
});
export type Project = z.infer<typeof projectSchema>;

export const projectsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/project',
    summary: 'Projetos do usuário conectado (ADMIN: todos)',
    tags: ['projects'],
    access: { kind: 'session' },
    query: z.object({ loteamento: text().optional() }),
    response: z.array(projectSchema),
    errorStatuses: [401, 403, 404],
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/project/:id',
    summary: 'Um projeto visível ao usuário conectado',
    tags: ['projects'],
    access: { kind: 'session' },
    params: idParams,
    response: projectSchema,
    errorStatuses: [401, 403, 404],
  }),
} as const;
