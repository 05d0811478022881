/**
 * What a spreadsheet upload really is, from its bytes (never its name): an .xlsx package (zip), a binary .xls
 * (OLE2 compound file), or the HTML / SpreadsheetML 2003 XML that ERPs save under an .xls name.
 */
export type SpreadsheetKind = 'zip' | 'cfb' | 'markup';

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const CFB = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** How far into a markup file its table or workbook element is looked for. */
const MARKUP_HEAD_BYTES = 64 * 1024;

const startsWith = (bytes: Buffer, signature: number[]) =>
  bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);

export function sniffSpreadsheet(bytes: Buffer): SpreadsheetKind | null {
  if (startsWith(bytes, ZIP)) return 'zip';
  if (startsWith(bytes, CFB)) return 'cfb';
  const head = bytes
    .subarray(0, MARKUP_HEAD_BYTES)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  if (!/^\s*</.test(head)) return null;
  const lower = head.toLowerCase();
  if (lower.includes('<table')) return 'markup';
  if (lower.includes('urn:schemas-microsoft-com:office:spreadsheet') && lower.includes('<workbook'))
    return 'markup';
  return null;
}
