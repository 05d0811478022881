import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idParams, text } from './input-rules';

/**
 * Personal read-only keys for GIS clients (QGIS, GDAL, ArcGIS): a key reads, through the GIS routes only, what
 * its owner may read, until it expires, is revoked or its owner is inactivated or loses the module.
 */
export const GIS_KEY_MESSAGES = {
  nameRequired: 'Informe um nome para a chave.',
  nameTooLong: 'O nome deve ter no máximo 100 caracteres.',
  expiryInvalid: 'Escolha uma validade entre 1 e 365 dias.',
  notFound: 'Chave não encontrada.',
  keyRequired:
    'Chave de acesso GIS não informada: use ?key=SUA_CHAVE na URL ou a chave como senha (autenticação básica).',
  keyInvalid: 'Chave de acesso GIS inválida, expirada ou revogada.',
  created: 'Chave criada. Copie-a agora: ela não será mostrada de novo.',
  revoked: 'Chave revogada.',
} as const;

/** Days a key lives when its owner does not choose (and the longest he may choose). */
export const GIS_KEY_DEFAULT_DAYS = 90;
export const GIS_KEY_MAX_DAYS = 365;
/** Most live keys one user may hold at once. */
export const GIS_KEY_MAX_ACTIVE = 20;

export const gisKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters (`mgk_ab12…`), to tell keys apart; never the key. */
  prefix: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type GisKey = z.infer<typeof gisKeySchema>;

export const createGisKeySchema = z.object({
  name: text(100, { required: GIS_KEY_MESSAGES.nameRequired, tooLong: GIS_KEY_MESSAGES.nameTooLong })
    .trim()
    .min(1, { error: GIS_KEY_MESSAGES.nameRequired }),
  expires_in_days: z
    .number({ error: GIS_KEY_MESSAGES.expiryInvalid })
    .int({ error: GIS_KEY_MESSAGES.expiryInvalid })
    .min(1, { error: GIS_KEY_MESSAGES.expiryInvalid })
    .max(GIS_KEY_MAX_DAYS, { error: GIS_KEY_MESSAGES.expiryInvalid })
    .default(GIS_KEY_DEFAULT_DAYS),
});
export type CreateGisKey = z.input<typeof createGisKeySchema>;

/** The answer of a creation: the only time the key itself is sent. */
export const createdGisKeySchema = gisKeySchema.extend({ key: z.string() });
export type CreatedGisKey = z.infer<typeof createdGisKeySchema>;

export const gisKeysApi = {
  listGisKeys: defineEndpoint({
    method: 'GET',
    path: '/gis-keys',
    summary: 'As chaves de acesso GIS do usuário (nunca a chave: só o início dela)',
    tags: ['gis'],
    access: { kind: 'session' },
    response: z.array(gisKeySchema),
    errorStatuses: [401, 403],
  }),
  createGisKey: defineEndpoint({
    method: 'POST',
    path: '/gis-keys',
    summary: 'Cria uma chave de acesso GIS (somente leitura); a chave é mostrada só nesta resposta',
    tags: ['gis'],
    access: { kind: 'session' },
    body: createGisKeySchema,
    response: createdGisKeySchema,
    successStatus: 201,
    errorStatuses: [401, 403, 422],
  }),
  revokeGisKey: defineEndpoint({
    method: 'POST',
    path: '/gis-keys/:id/revoke',
    summary: 'Revoga uma chave de acesso GIS do usuário, na hora, em todos os processos',
    tags: ['gis'],
    access: { kind: 'session' },
    params: idParams,
    response: gisKeySchema,
    errorStatuses: [401, 403, 404],
  }),
} as const;
