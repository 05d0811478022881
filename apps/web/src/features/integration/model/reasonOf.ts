import { MESSAGES } from '@mirante/shared';
import { isApiError } from '../../../shared/api/ApiError';

/** The server's text of a failure (data.message, else the status text, else the default). */
export function reasonOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : MESSAGES.defaultRequestError;
}

/**
 * The spec's fixed text of a failed save, followed by the reason when the server explains it (a field it refused,
 * 422, also the ERP’s own refusal of the credentials: 'Usuário ou senha inválidos.'; 502 when a saved ERP fails), so the person knows what to correct.
 */
export function saveFailureText(base: string, error: unknown): string {
  const explained = isApiError(error) && (error.status === 422 || error.status === 502);
  return explained ? `${base} ${reasonOf(error)}` : base;
}
