import { MESSAGES } from '@mirante/shared';

/** The server's text of a failure (spec 8: data.message, else the status text, else the default). */
export function reasonOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : MESSAGES.defaultRequestError;
}
