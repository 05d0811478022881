import type { JsonSchema } from './json-schema';
import { typesOf } from './json-schema';

/** A small seeded generator (mulberry32), so every run sends the same requests. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Junk text: control characters, astral symbols, quotes and markup, picked by `random`. */
export function junkText(random: () => number, length: number): string {
  const alphabet = [
    '\u0001',
    '\u001f',
    '\u202e',
    '😀',
    "'",
    '"',
    '<',
    '>',
    '&',
    '%',
    '\\',
    'ç',
    'Ω',
    ' ',
    'a',
    '9',
  ];
  let text = '';
  for (let i = 0; i < length; i++) text += alphabet[Math.floor(random() * alphabet.length)];
  return text;
}

export const NUL_TEXT = 'fuzz\u0000nul';
/** Half of a UTF-16 surrogate pair alone: JSON can carry it (`"\ud800"`), no UTF-8 text can. */
export const LONE_SURROGATE_TEXT = 'fuzz\ud800só';
/** A file name with a NUL, for the file part of every multipart endpoint. */
export const NUL_FILE_NAME = 'fuzz\u0000arquivo.pdf';
export const LONG_TEXT = 'x'.repeat(100_000);
export const MEGABYTE_TEXT = 'y'.repeat(1024 * 1024);
export const IMPOSSIBLE_DATES = [
  '2025-02-30',
  '01062025',
  '2025-13-01',
  '2025-00-10',
  '0000-00-00',
  '0000-01-01',
  '2025-1-1',
];
/** Months (YYYY-MM) that are no month, the year 0000 among them (PostgreSQL has no year 0). */
export const IMPOSSIBLE_MONTHS = ['0000-01', '2025-13', '2025-00', '2025-1', '202501'];
export const BAD_IDS: unknown[] = [-1, 0, 2147483648, 1e20, 1.5, '2147483648', 'abc'];
export const BAD_ID_TEXTS = ['2147483648', '-1', '0', '99999999999999999999', 'abc', '1.5', '\u0000', ' '];

/** 100,000 distinct ids that exist nowhere, still inside int32 (the contract must refuse the size). */
export const HUGE_ID_ARRAY = Array.from({ length: 100_000 }, (_unused, index) => 2_000_000_000 + index);

const looksLikeMonth = (name: string) => /month$/i.test(name) || /^month/i.test(name);
const looksLikeDate = (name: string, schema: JsonSchema) =>
  schema.format === 'date' || /date$/i.test(name) || /^date/i.test(name) || looksLikeMonth(name);

/** Impossible dates for a date field, and impossible months too for a month field. */
function impossibleDates(name: string): string[] {
  return looksLikeMonth(name) ? [...IMPOSSIBLE_DATES, ...IMPOSSIBLE_MONTHS] : IMPOSSIBLE_DATES;
}

/** A plausible valid value for a field, so that one mutated field is the only thing wrong in a request. */
export function plausibleValue(name: string, schema: JsonSchema): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.[0] && !schema.type) return plausibleValue(name, branches[0]);
  const types = typesOf(schema);
  if (types.includes('object')) {
    const out: Record<string, unknown> = {};
    for (const key of schema.required ?? []) out[key] = plausibleValue(key, schema.properties?.[key] ?? {});
    return out;
  }
  if (types.includes('array')) {
    // A tuple (a GeoJSON position) lists its items; a list gets as many as its minimum, else one.
    if (schema.prefixItems) return schema.prefixItems.map((item) => plausibleValue(name, item));
    const item = plausibleValue(name, schema.items ?? {});
    return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => item);
  }
  if (types.includes('integer')) return (schema.maximum ?? Infinity) >= 2_000_000_001 ? 2_000_000_001 : 1;
  if (types.includes('number')) return 1;
  if (types.includes('boolean')) return false;
  if (schema.format === 'email' || /email/i.test(name)) return 'fuzz@example.com';
  if (name === 'month') return '2025-01';
  if (looksLikeDate(name, schema)) return '2025-01-15';
  return 'fuzz';
}

/** Wrong and hostile values for one field, each with a short label. */
export function hostileValues(name: string, schema: JsonSchema, random: () => number): [string, unknown][] {
  const types = typesOf(schema);
  const values: [string, unknown][] = [
    ['objeto', { $gt: '' }],
    ['null', null],
    ['booleano', true],
  ];
  if (!types.includes('array')) values.push(['lista', ['a', 'b']]);
  if (types.includes('string') || types.length === 0) {
    values.push(['número', 12345], ['NUL', NUL_TEXT], ['texto longo', LONG_TEXT]);
    values.push(['lixo', junkText(random, 64)], [SURROGATE_LABEL, LONE_SURROGATE_TEXT]);
    if (looksLikeDate(name, schema))
      for (const date of impossibleDates(name)) values.push([`data ${date}`, date]);
  }
  if (types.includes('integer') || types.includes('number')) {
    for (const id of BAD_IDS) values.push([`número ${String(id)}`, id]);
  }
  if (types.includes('array')) {
    values.push(['texto', NUL_TEXT], ['lista enorme', HUGE_ID_ARRAY], ['lista com NUL', [NUL_TEXT]]);
    values.push([`lista com ${SURROGATE_LABEL}`, [LONE_SURROGATE_TEXT]]);
    values.push(['lista de ids ruins', [2147483648, -1]]);
  }
  return values;
}

/** The same values for a URL (query or multipart field): only text and repeated keys travel there. */
export function hostileTexts(
  name: string,
  schema: JsonSchema,
  random: () => number,
): [string, string | string[]][] {
  const values: [string, string | string[]][] = [
    ['NUL', NUL_TEXT],
    ['texto longo', 'x'.repeat(10_000)],
    ['chave repetida', ['a', 'b']],
    ['lixo', junkText(random, 64)],
    ...BAD_ID_TEXTS.map((text): [string, string] => [`id ${JSON.stringify(text)}`, text]),
  ];
  if (looksLikeDate(name, schema))
    for (const date of impossibleDates(name)) values.push([`data ${date}`, date]);
  return values;
}

/** The label of the lone-surrogate cases: the server refuses every JSON text that holds one. */
export const SURROGATE_LABEL = 'surrogate isolado';

/** `value` with every text in it (nested lists and objects too) replaced by a lone surrogate. */
export function withLoneSurrogates(value: unknown): unknown {
  if (typeof value === 'string') return LONE_SURROGATE_TEXT;
  if (Array.isArray(value)) return value.map(withLoneSurrogates);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withLoneSurrogates(item)]));
  return value;
}
