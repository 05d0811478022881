import { z } from 'zod';

/*
 * The building blocks every endpoint's input is made of. Each one is bounded, so that a new endpoint built
 * from them inherits the rules: ids are positive int32 (PostgreSQL `integer`), dates are real calendar dates,
 * texts have a maximum length and no NUL byte (PostgreSQL refuses it), lists have a maximum size.
 * `input-rules.test.ts` walks every endpoint of the contract and fails on an unbounded field.
 */

/** The largest PostgreSQL `integer`. */
export const MAX_INT32 = 2_147_483_647;
/** Default maximum length of a text field (a name, a code) when the spec sets none. */
export const DEFAULT_TEXT_MAX = 255;
/** Maximum length of a long text (a message, a description) when the spec sets none. */
export const LONG_TEXT_MAX = 5000;
/** Maximum size of an id list: a whole 5,000-lot allotment fits, far below PostgreSQL's 65,535 parameters. */
export const DEFAULT_LIST_MAX = 10_000;

export const INPUT_MESSAGES = {
  invalidId: 'Identificador inválido.',
  invalidDate: 'Data inválida: use uma data real no formato AAAA-MM-DD.',
  nulByte: 'O texto não pode conter o caractere NUL.',
  textTooLong: (max: number) => `O texto deve ter no máximo ${max} caracteres.`,
  listTooLong: (max: number) => `A lista deve ter no máximo ${max} itens.`,
} as const;

// eslint-disable-next-line no-control-regex -- the NUL character is exactly what this pattern refuses
const NO_NUL = /^[^\u0000]*$/;

const DIGITS = /^\s*\d+\s*$/;

/**
 * A positive int32 id. Path, query and form values arrive as text: plain digits are read as a number;
 * anything else (true, '1e3', '0x10') stays what it is and is refused.
 */
export function id(message: string = INPUT_MESSAGES.invalidId) {
  return z.preprocess(
    (value) => (typeof value === 'string' && DIGITS.test(value) ? Number(value) : value),
    z.number({ error: message }).int({ error: message }).positive({ error: message }).max(MAX_INT32, {
      error: message,
    }),
  );
}

/** `{ id }` path parameters. */
export const idParams = z.object({ id: id() });

export interface TextMessages {
  /** When the value is missing or not a text. */
  required?: string;
  tooLong?: string;
}

/** A text of at most `max` characters without NUL bytes. */
export function text(max: number = DEFAULT_TEXT_MAX, messages: TextMessages = {}) {
  return z
    .string(messages.required ? { error: messages.required } : undefined)
    .max(max, { error: messages.tooLong ?? INPUT_MESSAGES.textTooLong(max) })
    .regex(NO_NUL, { error: INPUT_MESSAGES.nulByte });
}

const TRUTHY = ['true', '1', 'yes', 'on', 'y', 'enabled'] as const;
const FALSY = ['false', '0', 'no', 'off', 'n', 'disabled'] as const;

/** A yes/no flag written as text (query strings, multipart fields): 'true'/'false', '1'/'0', 'on'/'off'… */
export function flag() {
  return z.enum([...TRUTHY, ...FALSY]).transform((value) => (TRUTHY as readonly string[]).includes(value));
}

/** True when `value` is a YYYY-MM-DD date that exists on the calendar (year 1000 to 9999). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1000) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A YYYY-MM-DD date that exists on the calendar (no 2025-02-30, no 01062025). */
export function calendarDate(message: string = INPUT_MESSAGES.invalidDate) {
  return z
    .string({ error: message })
    .max(10, { error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: message })
    .refine(isCalendarDate, { error: message });
}

/** A list of at most `max` items. */
export function list<T extends z.ZodType>(item: T, max: number = DEFAULT_LIST_MAX) {
  return z.array(item).max(max, { error: INPUT_MESSAGES.listTooLong(max) });
}

/** A list of ids (JSON array), at most `max`. */
export function idList(max: number = DEFAULT_LIST_MAX) {
  return list(id(), max);
}
