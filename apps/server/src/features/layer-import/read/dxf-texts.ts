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
