import { isApiError } from '../../shared/api/ApiError';

/** A refusal the server explains: a rejected input (422) or a rule of who may edit whom (403). */
const explained = (error: unknown) => isApiError(error) && (error.status === 422 || error.status === 403);

/** The spec's fixed failure text, or the server's own message when it explains the refusal. */
export function errorText(error: unknown, fallback: string): string {
  return explained(error) && isApiError(error) ? error.message : fallback;
}

/** The spec's failure text followed by the server's reason, when there is one. */
export function errorWithReason(error: unknown, fallback: string): string {
  return explained(error) && isApiError(error) ? `${fallback}: ${error.message}` : fallback;
}
