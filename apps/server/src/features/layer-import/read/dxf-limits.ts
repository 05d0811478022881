import { LAYER_IMPORT_LIMITS, LAYER_IMPORT_MESSAGES } from '@mirante/shared';
import { AppError, unprocessable } from '../../../http/app-error';

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;
const MB = 1024 * 1024;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

const isBlank = (byte: number | undefined) => byte === SPACE || byte === TAB || byte === CARRIAGE_RETURN;

/** Whether bytes [start, end) hold the group code 10 (a point's x), spaces around it allowed. */
function isPointCode(buffer: Buffer, start: number, end: number): boolean {
  let from = start;
  let to = end;
  while (from < to && isBlank(buffer[from])) from++;
  while (to > from && isBlank(buffer[to - 1])) to--;
  return to - from === 2 && buffer[from] === 0x31 && buffer[from + 1] === 0x30;
}

/**
 * Refuses, before any parsing, a DXF too big or too detailed to read in seconds: over `maxDxfBytes`, or with more
 * points than `maxDxfPoints`. A DXF is pairs of lines (group code, value); the points are the pairs of code 10,
 * counted in one pass over the bytes.
 */
export function assertDxfWithinLimits(buffer: Buffer): void {
  const { maxDxfBytes, maxDxfPoints } = LAYER_IMPORT_LIMITS;
  if (buffer.length > maxDxfBytes)
    throw new AppError(
      413,
      'FILE_TOO_LARGE',
      LAYER_IMPORT_MESSAGES.dxfTooLarge(Math.ceil(buffer.length / MB), maxDxfBytes / MB),
    );
  let points = 0;
  // The first pair starts at the first character after a byte-order mark and blank lines.
  let lineStart = buffer.subarray(0, 3).equals(BOM) ? 3 : 0;
  while (lineStart < buffer.length && (isBlank(buffer[lineStart]) || buffer[lineStart] === NEWLINE))
    lineStart++;
  let codeLine = true;
  for (
    let index = buffer.indexOf(NEWLINE, lineStart);
    index >= 0;
    index = buffer.indexOf(NEWLINE, index + 1)
  ) {
    if (codeLine && isPointCode(buffer, lineStart, index) && ++points > maxDxfPoints)
      throw unprocessable('TOO_MANY_FEATURES', LAYER_IMPORT_MESSAGES.dxfTooComplex(maxDxfPoints));
    codeLine = !codeLine;
    lineStart = index + 1;
  }
}
