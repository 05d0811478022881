import type { FastifyInstance } from 'fastify';
import { unprocessable } from './app-error';

export const LONE_SURROGATE_MESSAGE =
  'O texto enviado contém um caractere Unicode inválido (um substituto UTF-16 isolado). Corrija-o e envie novamente.';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether any text in `value` (a parsed JSON body or query: strings, keys, nested lists and objects) holds a lone surrogate. */
export function hasLoneSurrogate(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return LONE_SURROGATE.test(value);
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) return value.some((item) => hasLoneSurrogate(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => LONE_SURROGATE.test(key) || hasLoneSurrogate(item, depth + 1),
  );
}

/**
 * A JSON body can carry a lone UTF-16 surrogate (`"\ud800"`), which no UTF-8 text holds: PostgreSQL refuses it
 * in jsonb and texts alike. Every request's body and query are checked before validation, for every route, and
 * such a text is refused with a pt-BR 422 (nothing is written).
 */
export function refuseLoneSurrogates(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (hasLoneSurrogate(request.body) || hasLoneSurrogate(request.query))
      throw unprocessable('VALIDATION', LONE_SURROGATE_MESSAGE);
  });
}
