import type { RawCell } from './read-sheet';

/** A column the sheet must have, found by its header's name wherever it stands. */
export interface ExpectedColumn<K extends string> {
  key: K;
  header: string;
  /** Other names accepted for the same column (older templates). */
  aliases?: readonly string[];
  /** A sheet may leave this column out. */
  optional?: boolean;
}

export interface HeaderMatch<K extends string> {
  /** Column index of each expected key found. */
  indexes: Partial<Record<K, number>>;
  /** Expected headers not found. */
  missing: string[];
  /** Headers that match no expected column, with their column letter (renamed or added columns). */
  unknown: { header: string; column: string }[];
  /** Headers present more than once. */
  duplicated: string[];
}

/** Case, accents, spaces and a trailing '*' or ':' do not tell two header names apart. */
export function normaliseHeader(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[*:]+\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The spreadsheet letter of a zero-based column index (0 → A, 27 → AB). */
export function columnLetter(index: number): string {
  let letter = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letter = String.fromCharCode(65 + ((rest - 1) % 26)) + letter;
  }
  return letter;
}

/**
 * Finds each expected column in the header row by name, so a reordered sheet is read correctly; blank
 * headers (trailing empty columns) are ignored; any other header that names no expected column is reported.
 */
export function matchHeaders<K extends string>(
  header: readonly RawCell[],
  expected: readonly ExpectedColumn<K>[],
): HeaderMatch<K> {
  const byName = new Map<string, K>();
  for (const column of expected) {
    for (const name of [column.header, ...(column.aliases ?? [])])
      byName.set(normaliseHeader(name), column.key);
  }
  const indexes: Partial<Record<K, number>> = {};
  const unknown: { header: string; column: string }[] = [];
  const duplicated: string[] = [];
  header.forEach((cell, index) => {
    const text = cell === null ? '' : String(cell).trim();
    if (text === '') return;
    const key = byName.get(normaliseHeader(text));
    if (key === undefined) {
      unknown.push({ header: text, column: columnLetter(index) });
    } else if (indexes[key] !== undefined) {
      duplicated.push(text);
    } else {
      indexes[key] = index;
    }
  });
  const missing = expected
    .filter((column) => !column.optional && indexes[column.key] === undefined)
    .map((column) => column.header);
  return { indexes, missing, unknown, duplicated };
}

const quoted = (names: readonly string[]) => names.map((name) => `'${name}'`).join(', ');

/**
 * Why a header row cannot be imported, in pt-BR, or null when every expected column is there exactly once
 * and nothing else is: a renamed column shows up as one unknown and one missing name.
 */
export function headerProblem<K extends string>(match: HeaderMatch<K>): string | null {
  const parts: string[] = [];
  if (match.unknown.length > 0) {
    const names = match.unknown.map((item) => `'${item.header}' (coluna ${item.column})`).join(', ');
    parts.push(`colunas que não fazem parte do modelo: ${names}`);
  }
  if (match.missing.length > 0) parts.push(`colunas do modelo ausentes: ${quoted(match.missing)}`);
  if (match.duplicated.length > 0) parts.push(`colunas repetidas: ${quoted(match.duplicated)}`);
  if (parts.length === 0) return null;
  return (
    `A planilha não segue o modelo — ${parts.join('; ')}. ` +
    'Baixe o modelo e preencha-o sem renomear, remover ou acrescentar colunas.'
  );
}
