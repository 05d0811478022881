import { z } from 'zod';
import { PROJECT_STAGES, PROJECT_TYPES } from '../domain/projects';
import { defineEndpoint } from './endpoint';
import { projectSchema } from './projects';
import {
  calendarDate,
  DEFAULT_TEXT_MAX,
  id,
  idParams,
  list,
  LONG_TEXT_MAX,
  MAX_INT32,
  text,
} from './input-rules';

/*
 * Registering projects (the spec does not show how projects are created): ADMIN only. `space` is
 * derived from the name by the server (slug, suffixed on a clash) and never changes afterwards: it names the
 * project's tile URLs. Projects are archived, never deleted.
 */

export const PROJECT_MESSAGES = {
  nameRequired: 'Informe o nome do projeto.',
  typeRequired: 'Selecione o tipo do projeto.',
  customerRequired: 'Selecione o cliente do projeto.',
  nameTaken: 'Já existe um projeto com este nome para este cliente.',
  invalidDelimiter: 'Delimitação inválida: envie um polígono GeoJSON em longitude/latitude.',
  zoom: 'O zoom inicial deve ser um número de 1 a 22.',
  count: 'Informe um número inteiro maior ou igual a zero.',
  money: 'Informe um valor maior ou igual a zero.',
  stage: 'Situação inválida: use P (planejado), C (em obras) ou D (entregue).',
  created: 'Projeto cadastrado com sucesso',
  updated: 'Projeto atualizado com sucesso',
  archived: 'Projeto arquivado',
  unarchived: 'Projeto reativado',
} as const;

/** Most vertices one boundary may have (a surveyed outline has hundreds, not hundreds of thousands). */
export const DELIMITER_MAX_POINTS = 10_000;
const DELIMITER_MAX_RINGS = 100;

const longitude = z.number({ error: PROJECT_MESSAGES.invalidDelimiter }).min(-180).max(180);
const latitude = z.number({ error: PROJECT_MESSAGES.invalidDelimiter }).min(-90).max(90);
const altitude = z.number().min(-20_000).max(20_000);
/** [lng, lat], or [lng, lat, altitude] as many GIS tools write it (the altitude is dropped). */
const positionInput = z.union([z.tuple([longitude, latitude]), z.tuple([longitude, latitude, altitude])]);
const ringInput = list(positionInput, DELIMITER_MAX_POINTS);
const polygonInput = z.object({
  type: z.literal('Polygon', { error: PROJECT_MESSAGES.invalidDelimiter }),
  coordinates: list(ringInput, DELIMITER_MAX_RINGS).min(1, { error: PROJECT_MESSAGES.invalidDelimiter }),
});
const multiPolygonInput = z.object({
  type: z.literal('MultiPolygon', { error: PROJECT_MESSAGES.invalidDelimiter }),
  coordinates: list(list(ringInput, DELIMITER_MAX_RINGS), DELIMITER_MAX_RINGS).min(1, {
    error: PROJECT_MESSAGES.invalidDelimiter,
  }),
});
export const delimiterInputSchema = z.union([polygonInput, multiPolygonInput], {
  error: PROJECT_MESSAGES.invalidDelimiter,
});
export type DelimiterInput = z.infer<typeof delimiterInputSchema>;

const count = z
  .number({ error: PROJECT_MESSAGES.count })
  .int({ error: PROJECT_MESSAGES.count })
  .min(0, { error: PROJECT_MESSAGES.count })
  .max(MAX_INT32, { error: PROJECT_MESSAGES.count });
const optionalText = (max: number = DEFAULT_TEXT_MAX) => text(max).trim().nullable().optional();

/** Everything an ADMIN may set on a project but its customer (which never changes: users are linked to it). */
const editableFields = {
  name: text(DEFAULT_TEXT_MAX, { required: PROJECT_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: PROJECT_MESSAGES.nameRequired }),
  projectType: z.enum(PROJECT_TYPES, { error: PROJECT_MESSAGES.typeRequired }),
  /** GeoJSON Polygon or MultiPolygon (lon/lat); without it the boundary comes from the imported lots. */
  delimiter: delimiterInputSchema.nullable().optional(),
  defaultZoom: z
    .number({ error: PROJECT_MESSAGES.zoom })
    .min(1, { error: PROJECT_MESSAGES.zoom })
    .max(22, { error: PROJECT_MESSAGES.zoom })
    .optional(),
  default: z.boolean().optional(),
  hasStage: z.boolean().optional(),
  hasReport: z.boolean().optional(),
  hasInformation: z.boolean().optional(),
  hasPriceVisualization: z.boolean().optional(),
  useProviderMapLayer: z.boolean().optional(),
  // The panel fields of the entities and their fields (area and perimeter are measured from the boundary).
  customerCode: optionalText(50),
  releaseDate: calendarDate().nullable().optional(),
  stage: z.enum(PROJECT_STAGES, { error: PROJECT_MESSAGES.stage }).nullable().optional(),
  team: optionalText(),
  blocks: count.nullable().optional(),
  lots: count.nullable().optional(),
  address: optionalText(),
  city: optionalText(100),
  state: optionalText(50),
  detail: optionalText(LONG_TEXT_MAX),
  valorInadimplencia: z
    .number({ error: PROJECT_MESSAGES.money })
    .min(0, { error: PROJECT_MESSAGES.money })
    .max(1e12, { error: PROJECT_MESSAGES.money })
    .nullable()
    .optional(),
};

export const createProjectSchema = z.object({
  ...editableFields,
  customerId: id(PROJECT_MESSAGES.customerRequired),
});
export type CreateProjectInput = z.infer<typeof createProjectSchema>;

/** An edit sends only what changes; `null` clears an optional field. */
export const editProjectSchema = z.object(editableFields).partial();
export type EditProjectInput = z.infer<typeof editProjectSchema>;

/** A project as the administration panel lists it: with its customer and when it was archived. */
export const registeredProjectSchema = projectSchema.extend({
  customerName: z.string(),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type RegisteredProject = z.infer<typeof registeredProjectSchema>;

export const projectRegistrationApi = {
  listAll: defineEndpoint({
    method: 'GET',
    path: '/projects',
    summary: 'Todos os projetos, arquivados inclusive (painel de administração)',
    tags: ['projects'],
    access: { kind: 'session', roles: ['ADMIN'] },
    response: z.array(registeredProjectSchema),
    errorStatuses: [401, 403],
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/projects',
    summary: 'Cadastrar um projeto; o space é derivado do nome',
    tags: ['projects'],
    access: { kind: 'session', roles: ['ADMIN'] },
    body: createProjectSchema,
    successStatus: 201,
    response: registeredProjectSchema,
    errorStatuses: [401, 403, 422],
  }),
  edit: defineEndpoint({
    method: 'POST',
    path: '/project/:id',
    summary: 'Alterar um projeto (o space não muda)',
    tags: ['projects'],
    access: { kind: 'session', roles: ['ADMIN'] },
    params: idParams,
    body: editProjectSchema,
    response: registeredProjectSchema,
    errorStatuses: [401, 403, 404, 422],
  }),
  archive: defineEndpoint({
    method: 'POST',
    path: '/project/:id/archive',
    summary: 'Arquivar um projeto: some das listas de quem não é ADMIN; nada é apagado',
    tags: ['projects'],
    access: { kind: 'session', roles: ['ADMIN'] },
    params: idParams,
    response: registeredProjectSchema,
    errorStatuses: [401, 403, 404],
  }),
  unarchive: defineEndpoint({
    method: 'POST',
    path: '/project/:id/unarchive',
    summary: 'Reativar um projeto arquivado',
    tags: ['projects'],
    access: { kind: 'session', roles: ['ADMIN'] },
    params: idParams,
    response: registeredProjectSchema,
    errorStatuses: [401, 403, 404],
  }),
} as const;
