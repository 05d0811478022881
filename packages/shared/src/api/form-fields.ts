import { z } from 'zod';
import { DEFAULT_LIST_MAX, id, INPUT_MESSAGES } from './input-rules';

/*
 * Form-encoded bodies arrive as strings and repeated keys (`projects=1&projects=2`, or `projects[]=1`).
 * These helpers accept those shapes as well as plain JSON values, so one schema serves both encodings.
 */

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** An optional positive id: '' and null mean "none". */
export const formOptionalId = z.preprocess((value) => (isBlank(value) ? undefined : value), id().optional());

/**
 * A list of at most `max` positive ids from an array, a single value or a comma-separated string; blank means
 * empty.
 */
export function formIdList(emptyMessage?: string, max: number = DEFAULT_LIST_MAX) {
  const ids = z.array(id()).max(max, { error: INPUT_MESSAGES.listTooLong(max) });
  return z.preprocess(
    (value) => {
      if (isBlank(value)) return [];
      if (Array.isArray(value)) return value.filter((item) => !isBlank(item));
      if (typeof value === 'string') return value.split(',').filter((item) => item.trim() !== '');
      return [value];
    },
    emptyMessage ? ids.min(1, emptyMessage) : ids,
  );
}

const TRUE_TEXT = ['true', '1', 'on', 'sim'];
const FALSE_TEXT = ['false', '0', 'off', 'nao', 'não'];

/** A boolean that also accepts 'true'/'false', '1'/'0' and 'on'/'off' (z.coerce.boolean would read 'false' as true). */
export const formBoolean = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  const text = value.trim().toLowerCase();
  if (TRUE_TEXT.includes(text)) return true;
  if (FALSE_TEXT.includes(text)) return false;
  return value;
}, z.boolean());

/** Renames `key[]` to `key` so PHP-style repeated keys reach the same field. */
export function withBracketKeys<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const plain = key.endsWith('[]') ? key.slice(0, -2) : key;
      out[plain] = plain in out ? ([] as unknown[]).concat(out[plain], item) : item;
    }
    return out;
  }, schema);
}
