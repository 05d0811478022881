/** What a DXF text says: a lot number, a block name, or something else (an area, a street name). */
export type TextMeaning = { kind: 'lot' | 'block'; value: string } | null;

/** MTEXT formatting codes (`\P` paragraphs, `{\fArial|b0;…}` fonts, `\~` hard spaces) removed. */
export function plainText(raw: string): string {
  return raw
    .replace(/\\[Pp~]/g, ' ')
    .replace(/\\[A-Za-z][^;\\{}]*;/g, '')
    .replace(/[{}]/g, '')
    .replace(/%%[cdpCDP]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const BLOCK = /^(?:quadra|qd|q)\s*[.:\-º°]?\s*([0-9A-Za-z][0-9A-Za-z\-/]{0,9})$/i;
const LOT = /^(?:lote|lt|l)\s*[.:\-º°]?\s*([0-9][0-9A-Za-z\-/]{0,6})$/i;
/** A measurement (area, side length) written inside a lot, never its number. */
const MEASURE = /\d+[.,]\d+|m²|m2\b|\bm$|\bha\b/i;
/** A bare lot number: short, with a digit (7, 07, 12A, 3-B). */
const BARE_LOT = /^[0-9][0-9A-Za-z\-/]{0,9}$|^[A-Za-z][0-9]{1,4}$/;

export function meaningOf(raw: string): TextMeaning {
  const text = plainText(raw);
  if (text === '' || MEASURE.test(text)) return null;
  const block = BLOCK.exec(text);
  if (block) return { kind: 'block', value: block[1]!.trim() };
  const lot = LOT.exec(text);
  if (lot) return { kind: 'lot', value: lot[1]!.trim() };
  if (BARE_LOT.test(text)) return { kind: 'lot', value: text };
  return null;
}

/** Attribute tags that hold a lot's number or its block's name (a 'LOTE' block's attributes). */
const LOT_TAG = /^(?:lote?|lot|lt|n(?:u|ú)?m(?:ero)?|n[º°o]?|nr)$/i;
const BLOCK_TAG = /^(?:quadra|qd|q|bloco|block)$/i;

/**
 * What a block attribute says: its tag names the field (LOTE/NUM → lot number, QUADRA/QD → block), its value is
 * the number or name; a value that still reads 'QUADRA 3' or 'LOTE 7' is taken as such. Other tags (AREA,
 * MATRICULA…) say nothing.
 */
export function attributeMeaning(tag: string, raw: string): TextMeaning {
  const value = plainText(raw);
  if (value === '') return null;
  const named = meaningOf(value);
  if (LOT_TAG.test(tag.trim()))
    return named?.kind === 'lot' ? named : MEASURE.test(value) ? null : { kind: 'lot', value };
  if (BLOCK_TAG.test(tag.trim())) return named?.kind === 'block' ? named : { kind: 'block', value };
  return null;
}
