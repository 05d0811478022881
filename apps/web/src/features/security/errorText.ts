import { isApiError } from '../../shared/api/ApiError';

/** The spec's fixed failure text, or the server's own message when it explains a refused input (422). */
export function errorText(error: unknown, fallback: string): string {
  return isApiError(error) && error.status === 422 ? error.message : fallback;
}

/** The spec's failure text followed by the server's reason, when there is one. */
export function errorWithReason(error: unknown, fallback: string): string {
  return isApiError(error) && error.status === 422 ? `${fallback}: ${error.message}` : fallback;
}
