import { z } from 'zod';
import { importProblemSchema } from './import-problems';

/**
 * Every `code` an error response may carry, one list for server and web. Input that breaks the contract is
 * always 422 `VALIDATION` (the schema's or a service's check alike); the specific codes say what a service refused.
 */
export const ERROR_CODES = [
  // Generic (error-handler.ts, authorize.ts)
  'BAD_REQUEST',
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'USER_INACTIVE',
  'MODULE_NOT_AVAILABLE',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'UNSUPPORTED_MEDIA_TYPE',
  'INTERNAL',
  'DATABASE_UNAVAILABLE',
  'WORKERS_UNAVAILABLE',
  // Sessions and accounts
  'INVALID_CREDENTIALS',
  'INVALID_ACCESS_TOKEN',
  'ACCESS_TOKEN_NOT_FOUND',
  'PASSWORD_TOKEN_INVALID',
  'PASSWORD_TOKEN_EXPIRED',
  'WRONG_CURRENT_PASSWORD',
  'NO_PROJECTS',
  'MAIL_FAILED',
  'DEFINITION_EMAIL_FAILED',
  'EMAIL_CHANGE_NOTICE_FAILED',
  // Security administration
  'USER_NOT_FOUND',
  'EMAIL_TAKEN',
  'ROLE_ABOVE_CALLER',
  'ROLE_NOT_BELOW_CALLER',
  'SELF_PROJECTS',
  'PROJECT_NOT_HELD',
  'REACTIVATION_BY_HIGHER_ROLE',
  'ROLE_CHANGE',
  'SELF_INACTIVATION',
  'CUSTOMER_NOT_FOUND',
  'OTHER_CUSTOMER',
  'GROUP_NOT_FOUND',
  'GROUP_IN_USE',
  'GROUP_OF_OTHER_CUSTOMER',
  'MODULE_NOT_FOUND',
  'MODULE_NOT_HELD',
  'PROJECT_NOT_FOUND',
  'PROJECT_OF_OTHER_CUSTOMER',
  'PROJECT_NAME_TAKEN',
  'INVALID_GEOMETRY',
  // Scenes and their files
  'SCENE_NOT_FOUND',
  'SCENE_FILE_NOT_FOUND',
  'TILE_NOT_FOUND',
  'TILE_SIGNATURE_INVALID',
  'DUPLICATE_SCENE_DATE',
  'MULTIPART_REQUIRED',
  'FILE_REQUIRED',
  'FILE_TOO_LARGE',
  'INVALID_UPLOAD',
  'INVALID_BOUNDS',
  'BOUNDS_REQUIRED',
  'INVALID_IMAGE',
  'NOT_AN_IMAGE',
  'NOT_A_MODEL',
  'TRUNCATED',
  'INVALID_TIFF',
  'NO_GEOREFERENCE',
  'ROTATED_RASTER',
  'UNKNOWN_CRS',
  'UNSUPPORTED_BANDS',
  'TOO_MANY_PIXELS',
  'DECOMPRESSION_BOMB',
  'SCENE_OUTSIDE_PROJECT',
  'MOSAIC_MISMATCH',
  // Analyses and detections
  'ANALYSIS_NOT_FOUND',
  'SCENE_HAS_ANALYSIS',
  'SCENE_NOT_IN_PROJECT',
  'NO_SCENES_WITHOUT_ANALYSIS',
  'NO_LAYERS',
  'INVALID_TILE',
  'NOT_LOTS',
  'PROCESSING_NOT_FINISHED',
  'NOT_ENVIRONMENT',
  'SCENE_NOT_READY',
  'FEATURE_NOT_FOUND',
  'FEATURE_REVIEWED',
  // Layers and observations
  'LAYER_NOT_FOUND',
  'OBSERVATION_NOT_FOUND',
  'PHOTO_NOT_FOUND',
  'NOT_OWNER',
  'IMAGES_ONLY',
  'TOO_MANY_IMAGES',
  // Layer imports (files of lots and other layers)
  'UNKNOWN_FORMAT',
  'DWG_NOT_SUPPORTED',
  'INVALID_FILE',
  'EPSG_REQUIRED',
  'OUTSIDE_BRAZIL',
  'TOO_MANY_FEATURES',
  'NO_FEATURES',
  'IMPORT_INVALID',
  // ERP integration
  'INTEGRATION_NOT_CONFIGURED',
  'ERP_UNAVAILABLE',
  // Construction: inspections and notes
  'INSPECTION_NOT_FOUND',
  'SCENE_HAS_INSPECTION',
  // Scene alignment (scene-alignment.service.ts)
  'ALIGNMENT_NOT_PROPOSED',
  'ALIGNMENT_DECIDED',
  'NOTE_NOT_FOUND',
  'NOTE_CATEGORY_NOT_FOUND',
  // Construction: measured volume (elevation models)
  'INVALID_ELEVATION_MODEL',
  'ELEVATION_MODELS_APART',
  'NO_ELEVATION_MODEL',
  // Overlays (PDF plans laid over the imagery)
  'OVERLAY_NOT_FOUND',
  'OVERLAY_FILE_NOT_FOUND',
  'NOT_A_PDF',
  'PDF_REFUSED',
  'GEOREFERENCE_INVALID',
  'NOT_CONSTRUCTION',
  'NOT_ALLOTMENT',
  // Environment analysis report
  'REPORT_NOT_ENABLED',
  'REPORT_NOT_FOUND',
  'PREVIEW_NOT_FOUND',
  // Geometry exports
  'NOTHING_TO_EXPORT',
  // GIS access keys and the GIS routes (WMTS, TileJSON, OGC API – Features)
  'GIS_KEY_REQUIRED',
  'GIS_KEY_INVALID',
  'GIS_KEY_NOT_FOUND',
  'GIS_KEY_LIMIT',
  // Alerts
  'ALERT_KIND_NOT_ALLOWED',
  'UNSUBSCRIBE_INVALID',
  'GIS_NOT_FOUND',
  'GIS_BAD_REQUEST',
  'GIS_COG_UNAVAILABLE',
  // Read-only share links and the shared view
  'SHARE_LINK_NOT_FOUND',
  'SHARE_LINK_INVALID',
  'SHARE_UNAVAILABLE',
  'SHARE_PASSWORD_REQUIRED',
  'SHARE_PASSWORD_WRONG',
  'SHARE_TILE_REFUSED',
  // Timelapse
  'TIMELAPSE_NO_SCENES',
  'TIMELAPSE_EXPORT_NOT_FOUND',
  'TIMELAPSE_EXPORT_NOT_READY',
  'TIMELAPSE_MP4_UNAVAILABLE',
  // Scheduled e-mailed reports
  'REPORT_SCHEDULE_NOT_FOUND',
  'REPORT_RECIPIENTS_INVALID',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

const errorCodes: ReadonlySet<string> = new Set(ERROR_CODES);
export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && errorCodes.has(value);

/** Every error response: a pt-BR message for people and a stable code for programs. */
export const errorResponseSchema = z
  .object({
    statusCode: z.number().int(),
    code: z.enum(ERROR_CODES),
    message: z.string(),
    /** Every reason, when the refusal has several (a layer import refused as a whole: `IMPORT_INVALID`). */
    problems: z.array(importProblemSchema).max(1000).optional(),
  })
  // One component in the OpenAPI document, referenced by every error status.
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Messages the spec fixes word for word (section 8). */
export const MESSAGES = {
  defaultRequestError: 'Não foi possível concluir a requisição.',
  invalidCredentials: 'Usuário ou senha inválidos',
  inactiveUser: 'Acesso negado. O usuário está inativo.',
  inactiveAccountNotice: 'Sua conta não está ativa, aguarde um administrador ativar sua conta.',
  serverError: 'Ocorreu algum erro no servidor.',
  userNotFound: 'Usuário não encontrado',
  noDeveloperAccess: 'Usuário não possui acesso a versão de desenvolvedor',
  recoveryEmailSent: 'Email de recuperação enviado',
  supportEmailFailed: 'Não foi possível enviar o email',
  supportEmailSent: 'Email enviado',
  passwordChanged: 'Senha alterada com sucesso!',
  passwordConfigured: 'Senha configurada com sucesso',
  notFoundPage: 'Página não encontrada',
  accessDenied: 'Acesso negado',
  noPermission: 'Você não possui permissão para acessar esta página',
} as const;
