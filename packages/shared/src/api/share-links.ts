import { z } from 'zod';
import { DETECTION_KEYS } from '../domain/layers';
import { defineEndpoint, fileResponse } from './endpoint';
import { calendarDate, id, idParams, text } from './input-rules';
import { layerSchema } from './layers';

/**
 * Read-only share links: an ADMIN or a MANAGER hands a view of one project (its map at a date, two dates
 * compared, or one lot's history) to somebody without an account. The link opens without sign-in, until it
 * expires or is revoked, and shows only published scenes and lot statuses.
 */
export const SHARE_MESSAGES = {
  banner: 'Visualização compartilhada',
  kindInvalid: 'Escolha o que compartilhar: mapa numa data, comparação de datas ou histórico de um lote.',
  dateRequired: 'Escolha a data da imagem a compartilhar.',
  beforeDateRequired: 'Escolha as duas datas a comparar.',
  datesEqual: 'Escolha duas datas diferentes para comparar.',
  dateNotPublished: 'A data escolhida não tem imagem publicada neste projeto.',
  lotRequired: 'Escolha o lote cujo histórico será compartilhado.',
  lotNotFound: 'Lote não encontrado neste projeto.',
  expiryInvalid: 'Escolha uma validade entre 1 e 365 dias.',
  passwordTooShort: 'A senha deve ter pelo menos 6 caracteres.',
  passwordTooLong: 'A senha deve ter no máximo 100 caracteres.',
  notFound: 'Link de compartilhamento não encontrado.',
  unavailable: 'Este link de compartilhamento não existe, expirou ou foi revogado.',
  passwordRequired: 'Esta visualização é protegida por senha. Informe a senha para abrir.',
  passwordWrong: 'Senha incorreta.',
  passwordLocked: 'Muitas senhas incorretas para este link. Aguarde 15 minutos e tente novamente.',
  tilesRefused: 'Link de imagem inválido ou expirado. Recarregue a página.',
  noPublishedScene: 'Este projeto ainda não tem imagem publicada para compartilhar.',
} as const;

export const SHARE_KINDS = ['map', 'compare', 'lot'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];
export const SHARE_KIND_LABELS: Record<ShareKind, string> = {
  map: 'Mapa numa data',
  compare: 'Comparação de datas',
  lot: 'Histórico de um lote',
};
export const SHARE_COMPARE_MODES = ['lado-a-lado', 'cortina'] as const;
export type ShareCompareMode = (typeof SHARE_COMPARE_MODES)[number];
export const SHARE_COMPARE_MODE_LABELS: Record<ShareCompareMode, string> = {
  'lado-a-lado': 'Lado a lado',
  cortina: 'Cortina',
};

/** Days a link lives when its author does not choose, and the longest he may choose. */
export const SHARE_DEFAULT_DAYS = 30;
export const SHARE_MAX_DAYS = 365;
export const SHARE_PASSWORD_MIN = 6;
export const SHARE_PASSWORD_MAX = 100;

export const shareLinkSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  kind: z.enum(SHARE_KINDS),
  /** YYYY-MM-DD: the map's date, or the compared 'Depois'; null for a lot's history. */
  date: z.string().nullable(),
  /** YYYY-MM-DD: the compared 'Antes'. */
  before_date: z.string().nullable(),
  compare_mode: z.enum(SHARE_COMPARE_MODES).nullable(),
  layer_id: z.number().int().nullable(),
  /** The shared lot's name (lot history links). */
  lot_name: z.string().nullable(),
  show_observations: z.boolean(),
  has_password: z.boolean(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  views: z.number().int(),
  last_viewed_at: z.string().nullable(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** The answer of a creation: the only time the link's address (its secret) is sent. */
export const createdShareLinkSchema = shareLinkSchema.extend({ url: z.string() });
export type CreatedShareLink = z.infer<typeof createdShareLinkSchema>;

const optionalDate = (message: string) => calendarDate(message).nullable().optional();

export const createShareLinkSchema = z.object({
  kind: z.enum(SHARE_KINDS, { error: SHARE_MESSAGES.kindInvalid }),
  date: optionalDate(SHARE_MESSAGES.dateRequired),
  before_date: optionalDate(SHARE_MESSAGES.beforeDateRequired),
  compare_mode: z.enum(SHARE_COMPARE_MODES).nullable().optional(),
  layer_id: id(SHARE_MESSAGES.lotRequired).nullable().optional(),
  expires_in_days: z
    .number({ error: SHARE_MESSAGES.expiryInvalid })
    .int({ error: SHARE_MESSAGES.expiryInvalid })
    .min(1, { error: SHARE_MESSAGES.expiryInvalid })
    .max(SHARE_MAX_DAYS, { error: SHARE_MESSAGES.expiryInvalid })
    .default(SHARE_DEFAULT_DAYS),
  /** Empty or absent: no password. */
  password: text(SHARE_PASSWORD_MAX, { tooLong: SHARE_MESSAGES.passwordTooLong })
    .refine((value) => value.length === 0 || value.length >= SHARE_PASSWORD_MIN, {
      error: SHARE_MESSAGES.passwordTooShort,
    })
    .nullable()
    .optional(),
  show_observations: z.boolean().default(false),
});
export type CreateShareLink = z.input<typeof createShareLinkSchema>;

/** A share link's secret as it travels in its address (`/compartilhado/<token>`). */
const shareToken = text(64);
const tokenParams = z.object({ token: shareToken });

export const openSharedViewSchema = z.object({
  password: text(SHARE_PASSWORD_MAX, { tooLong: SHARE_MESSAGES.passwordTooLong }).optional(),
});

/** A published scene as the shared view draws it: its tiles through the link's own tile route. */
export const sharedSceneSchema = z.object({
  /** YYYY-MM-DD */
  isoDate: z.string(),
  /** DD/MM/YYYY */
  dateFormatted: z.string(),
  /** `/api/v1/shared/<token>/tiles/<date>/{z}/{x}/{y}.png?exp=…&sig=…` */
  tileUrl: z.string(),
  bounds: z.tuple([z.tuple([z.number(), z.number()]), z.tuple([z.number(), z.number()])]).nullable(),
  minZoom: z.number().int().nullable(),
  maxZoom: z.number().int().nullable(),
});
export type SharedScene = z.infer<typeof sharedSceneSchema>;

export const sharedLotStatusSchema = z.object({
  /** YYYY-MM-DD of the published scene */
  date: z.string(),
  status: z.enum(DETECTION_KEYS).nullable(),
});

export const sharedObservationSchema = z.object({
  layer_id: z.number().int(),
  /** YYYY-MM-DD */
  date: z.string(),
  description: z.string(),
});

/** What a share link shows: nothing of the project beyond this (no finance, no buyer, no observations unless chosen). */
export const sharedViewSchema = z.object({
  kind: z.enum(SHARE_KINDS),
  project: z.object({
    name: z.string(),
    /** [[west, south], [east, north]] */
    bounds: z.tuple([z.tuple([z.number(), z.number()]), z.tuple([z.number(), z.number()])]),
  }),
  compare_mode: z.enum(SHARE_COMPARE_MODES).nullable(),
  expires_at: z.string(),
  /** The published scenes the view shows, oldest first: one (map), two (compare) or all of them (lot). */
  scenes: z.array(sharedSceneSchema),
  /** The lots (one for a lot's history) and the project's blocks and areas, each lot with its latest status. */
  layers: z.array(layerSchema),
  /** Each shown lot's published status at each scene date (same order as `scenes`). */
  statuses: z.array(z.object({ layer_id: z.number().int(), by_date: z.array(sharedLotStatusSchema) })),
  /** The lot history link's lot. */
  lot: z.object({ id: z.number().int(), name: z.string(), block: z.string().nullable() }).nullable(),
  observations: z.array(sharedObservationSchema).nullable(),
});
export type SharedView = z.infer<typeof sharedViewSchema>;

export const shareLinksApi = {
  listShareLinks: defineEndpoint({
    method: 'GET',
    path: '/project/:id/share-links',
    summary: 'Links de compartilhamento (somente leitura) do projeto, com o número de visualizações',
    tags: ['share'],
    access: { kind: 'session', roles: ['ADMIN', 'MANAGER'] },
    params: idParams,
    response: z.array(shareLinkSchema),
    errorStatuses: [401, 403, 404],
  }),
  createShareLink: defineEndpoint({
    method: 'POST',
    path: '/project/:id/share-links',
    summary:
      'Cria um link somente leitura do mapa numa data, de uma comparação de datas ou do histórico de um lote; ' +
      'o endereço é mostrado só nesta resposta',
    tags: ['share'],
    access: { kind: 'session', roles: ['ADMIN', 'MANAGER'] },
    params: idParams,
    body: createShareLinkSchema,
    response: createdShareLinkSchema,
    successStatus: 201,
    errorStatuses: [401, 403, 404, 422],
  }),
  revokeShareLink: defineEndpoint({
    method: 'POST',
    path: '/share-links/:id/revoke',
    summary: 'Revoga um link de compartilhamento: ele deixa de abrir na hora',
    tags: ['share'],
    access: { kind: 'session', roles: ['ADMIN', 'MANAGER'] },
    params: idParams,
    response: shareLinkSchema,
    errorStatuses: [401, 403, 404],
  }),
  openSharedView: defineEndpoint({
    method: 'POST',
    path: '/shared/:token/open',
    summary:
      'Abre a visualização de um link de compartilhamento, sem login (senha quando o link tem uma); ' +
      'conta uma visualização; limitado por minuto',
    tags: ['share'],
    access: { kind: 'public' },
    params: tokenParams,
    body: openSharedViewSchema,
    response: sharedViewSchema,
    errorStatuses: [401, 404, 429],
  }),
  sharedTile: defineEndpoint({
    method: 'GET',
    path: '/shared/:token/tiles/:date/:z/:x/:file',
    summary:
      'Tile 256 px de uma imagem publicada da visualização compartilhada ({y}.png ou {y}.webp), com a ' +
      'assinatura (exp, sig) que a abertura do link deu',
    tags: ['share', 'tiles'],
    access: { kind: 'public' },
    params: z.object({ token: shareToken, date: text(10), z: text(2), x: text(10), file: text(20) }),
    query: z.object({ exp: text(12).optional(), sig: text(64).optional() }),
    response: fileResponse('image/png', 'image/webp'),
    errorStatuses: [403, 404, 429],
  }),
} as const;
