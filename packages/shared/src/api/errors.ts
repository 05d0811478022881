import { z } from 'zod';

/** Every error response: a pt-BR message for people and a stable code for programs. */
export const errorResponseSchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
});
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
