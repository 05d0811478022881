import { z } from 'zod';
import { MODULE_CODES } from '../domain/modules';
import { ROLES } from '../domain/roles';
import { defineEndpoint } from './endpoint';
import { DEFAULT_TEXT_MAX, id, idParams, text } from './input-rules';

export const credentialsSchema = z.object({
  id: z.number().int(),
  api_token: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  modules: z.array(z.enum(MODULE_CODES)),
  customer_id: z.number().int(),
  from_token: z.boolean(),
});
export type Credentials = z.infer<typeof credentialsSchema>;

const email = text().trim().min(1, 'Informe o email').email('Email inválido');
/** Long enough for any pass phrase; bcrypt reads 72 bytes anyway. */
const PASSWORD_MAX = 128;
const TOKEN_MAX = 512;

export const loginBodySchema = z.union([
  z.object({ email, password: text(PASSWORD_MAX).min(1, 'Informe a senha') }),
  z.object({ token: text(TOKEN_MAX).min(1) }),
]);

export const messageResponseSchema = z.object({ message: z.string() });

export const definitionPasswordSchema = z
  .object({
    password: text(PASSWORD_MAX).min(1, 'Informe a senha').min(8, 'Mínimo de 8 caracteres'),
    password_confirmation: text(PASSWORD_MAX).min(1, 'Confirme a senha').min(8, 'Mínimo de 8 caracteres'),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: 'As senhas não são iguais',
    path: ['password_confirmation'],
  });

export const changePasswordSchema = z
  .object({
    current_password: text(PASSWORD_MAX).min(1, 'Especifique a senha atual'),
    password: text(PASSWORD_MAX)
      .min(1, 'Especifique um valor para a nova senha')
      .min(6, 'A nova senha deve ter entre 6 e 20 caracteres')
      .max(20, 'A nova senha deve ter entre 6 e 20 caracteres'),
    password_confirmation: text(PASSWORD_MAX).min(1, 'Confirme o valor da nova senha'),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: 'As senhas não são iguais',
    path: ['password_confirmation'],
  });

export const accessTokenSummarySchema = z.object({
  id: z.number().int(),
  description: z.string(),
  user_id: z.number().int(),
  user_name: z.string(),
  user_email: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
});
export type AccessTokenSummary = z.infer<typeof accessTokenSummarySchema>;

/** Longest validity an ADMIN may give a sign-in link. */
export const ACCESS_TOKEN_MAX_DAYS = 365;

export const ACCESS_TOKEN_MESSAGES = {
  descriptionRequired: 'Informe a descrição do link.',
  userRequired: 'Selecione o usuário.',
  validDays: `A validade deve ser um número inteiro de 1 a ${ACCESS_TOKEN_MAX_DAYS} dias.`,
  revoked: 'Link de acesso revogado.',
} as const;

export const createAccessTokenSchema = z.object({
  user_id: id(ACCESS_TOKEN_MESSAGES.userRequired),
  description: text(DEFAULT_TEXT_MAX, { required: ACCESS_TOKEN_MESSAGES.descriptionRequired })
    .trim()
    .min(1, ACCESS_TOKEN_MESSAGES.descriptionRequired),
  /** Days until the link expires; ACCESS_TOKEN_TTL_DAYS when absent. */
  valid_days: z
    .number({ error: ACCESS_TOKEN_MESSAGES.validDays })
    .int({ error: ACCESS_TOKEN_MESSAGES.validDays })
    .min(1, { error: ACCESS_TOKEN_MESSAGES.validDays })
    .max(ACCESS_TOKEN_MAX_DAYS, { error: ACCESS_TOKEN_MESSAGES.validDays })
    .optional(),
});

/** A new link: its summary plus the full URL, shown once (only the secret's hash is stored). */
export const createdAccessTokenSchema = accessTokenSummarySchema.extend({ url: z.string() });
export type CreatedAccessToken = z.infer<typeof createdAccessTokenSchema>;

export const authApi = {
  login: defineEndpoint({
    method: 'POST',
    path: '/user',
    summary: 'Entrar com e-mail e senha, ou com um token de acesso',
    tags: ['auth'],
    access: { kind: 'public' },
    body: loginBodySchema,
    response: credentialsSchema,
    errorStatuses: [401, 403, 429],
  }),
  restoreSession: defineEndpoint({
    method: 'GET',
    path: '/user',
    summary: 'Restaurar a sessão a partir do api_token',
    tags: ['auth'],
    access: { kind: 'session', allowQueryToken: true },
    response: credentialsSchema,
    errorStatuses: [401, 403],
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/user/logout',
    summary: 'Encerrar a sessão (revoga o api_token)',
    tags: ['auth'],
    access: { kind: 'session' },
    response: messageResponseSchema,
  }),
  validatePasswordToken: defineEndpoint({
    method: 'POST',
    path: '/user/validate-password-definition-token',
    summary: 'Validar um token de definição ou recuperação de senha',
    tags: ['auth'],
    access: { kind: 'public' },
    body: z.object({ password_token: text(TOKEN_MAX).min(1) }),
    response: z.object({ valid: z.literal(true), email: z.string(), name: z.string() }),
    errorStatuses: [404, 410],
  }),
  setPassword: defineEndpoint({
    method: 'POST',
    path: '/user/set-password',
    summary: 'Definir a senha com um token e entrar',
    tags: ['auth'],
    access: { kind: 'public' },
    body: z.intersection(definitionPasswordSchema, z.object({ password_token: text(TOKEN_MAX).min(1) })),
    response: credentialsSchema,
    errorStatuses: [403, 404, 410, 422],
  }),
  recover: defineEndpoint({
    method: 'POST',
    path: '/user/recover',
    summary: 'Enviar o e-mail de recuperação de senha',
    tags: ['auth'],
    access: { kind: 'public' },
    body: z.object({ email }),
    response: messageResponseSchema,
    errorStatuses: [403, 404, 429],
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/user/change-password',
    summary: 'Trocar a senha do usuário conectado',
    tags: ['auth'],
    access: { kind: 'session' },
    encoding: 'form',
    body: changePasswordSchema,
    response: messageResponseSchema,
    errorStatuses: [401, 422],
  }),
  listAccessTokens: defineEndpoint({
    method: 'GET',
    path: '/access-tokens',
    summary: 'Listar os links de acesso ("entrar por token"), sem o segredo',
    tags: ['auth'],
    access: { kind: 'session', roles: ['ADMIN'] },
    response: z.array(accessTokenSummarySchema),
  }),
  createAccessToken: defineEndpoint({
    method: 'POST',
    path: '/access-tokens',
    summary: 'Criar um link de acesso para um usuário; o link completo só é devolvido nesta resposta',
    tags: ['auth'],
    access: { kind: 'session', roles: ['ADMIN'] },
    body: createAccessTokenSchema,
    successStatus: 201,
    response: createdAccessTokenSchema,
    errorStatuses: [403, 404, 422],
  }),
  revokeAccessToken: defineEndpoint({
    method: 'POST',
    path: '/access-tokens/:id/revoke',
    summary: 'Revogar um link de acesso e encerrar as sessões abertas com ele',
    tags: ['auth'],
    access: { kind: 'session', roles: ['ADMIN'] },
    params: idParams,
    response: messageResponseSchema,
    errorStatuses: [403, 404],
  }),
} as const;
