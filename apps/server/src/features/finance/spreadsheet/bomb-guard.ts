import { inflateRawSync } from 'node:zlib';
import { FINANCE_IMPORT_LIMITS } from '@mirante/shared';

/** Why a file was refused before any parser saw it. */
export type GuardRefusal = 'malformed' | 'bomb' | 'entities';

export interface ZipLimits {
  maxEntries: number;
  maxUnpackedBytes: number;
}

const DEFAULT_LIMITS: ZipLimits = {
  maxEntries: FINANCE_IMPORT_LIMITS.maxZipEntries,
  maxUnpackedBytes: FINANCE_IMPORT_LIMITS.maxUnpackedBytes,
};

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_MIN = 22;
const CENTRAL_FIXED = 46;
const LOCAL_FIXED = 30;

interface CentralEntry {
  name: string;
  method: number;
  compressedSize: number;
  declaredSize: number;
  localOffset: number;
}

function findEndOfCentralDirectory(bytes: Buffer): number {
  const lowest = Math.max(0, bytes.length - EOCD_MIN - 0xffff);
  for (let at = bytes.length - EOCD_MIN; at >= lowest; at -= 1) {
    if (bytes.readUInt32LE(at) === EOCD_SIGNATURE) return at;
  }
  return -1;
}

/** The central directory's entries, or a refusal: a zip64 or multi-disk package is no spreadsheet of 10 MB. */
function centralEntries(bytes: Buffer, limits: ZipLimits): CentralEntry[] | GuardRefusal {
  if (bytes.length < EOCD_MIN) return 'malformed';
  const eocd = findEndOfCentralDirectory(bytes);
  if (eocd < 0) return 'malformed';
  const count = bytes.readUInt16LE(eocd + 10);
  const directoryOffset = bytes.readUInt32LE(eocd + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff) return 'bomb';
  if (count > limits.maxEntries) return 'bomb';
  const entries: CentralEntry[] = [];
  let at = directoryOffset;
  for (let index = 0; index < count; index += 1) {
    if (at + CENTRAL_FIXED > bytes.length || bytes.readUInt32LE(at) !== CENTRAL_SIGNATURE) return 'malformed';
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    entries.push({
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      declaredSize: bytes.readUInt32LE(at + 24),
      localOffset: bytes.readUInt32LE(at + 42),
      name: bytes.toString('utf8', at + CENTRAL_FIXED, at + CENTRAL_FIXED + nameLength),
    });
    at += CENTRAL_FIXED + nameLength + extraLength + commentLength;
  }
  return entries;
}

function entryData(bytes: Buffer, entry: CentralEntry): Buffer | null {
  const at = entry.localOffset;
  if (at + LOCAL_FIXED > bytes.length || bytes.readUInt32LE(at) !== LOCAL_SIGNATURE) return null;
  const start = at + LOCAL_FIXED + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  return end > bytes.length ? null : bytes.subarray(start, end);
}

const declaresEntities = (xml: Buffer) => xml.includes('<!ENTITY') || xml.includes('<!DOCTYPE');

/**
 * Checks an .xlsx package before SheetJS opens it: at most `maxEntries` entries, and every entry really
 * inflated (never trusting the sizes it declares) under one budget of `maxUnpackedBytes` for the whole
 * package, so a 259 KB bomb stops after the budget instead of taking a gigabyte. XML parts may not declare a
 * DOCTYPE or entities (no "billion laughs"). Returns null when the package may be parsed.
 */
export function checkZipPackage(bytes: Buffer, limits: ZipLimits = DEFAULT_LIMITS): GuardRefusal | null {
  const entries = centralEntries(bytes, limits);
  if (typeof entries === 'string') return entries;
  const declaredTotal = entries.reduce((sum, entry) => sum + entry.declaredSize, 0);
  if (declaredTotal > limits.maxUnpackedBytes) return 'bomb';
  let budget = limits.maxUnpackedBytes;
  for (const entry of entries) {
    if (entry.name.endsWith('/')) continue;
    const data = entryData(bytes, entry);
    if (!data) return 'malformed';
    let unpacked: Buffer;
    if (entry.method === 0) {
      unpacked = data;
    } else if (entry.method === 8) {
      try {
        unpacked = inflateRawSync(data, { maxOutputLength: Math.max(1, budget) });
      } catch (error) {
        return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'bomb' : 'malformed';
      }
    } else {
      return 'malformed';
    }
    budget -= unpacked.length;
    if (budget < 0) return 'bomb';
    if (/\.(xml|rels|vml)$/i.test(entry.name) && declaresEntities(unpacked)) return 'entities';
  }
  return null;
}

/** HTML or SpreadsheetML 2003 saved as .xls: no entity declarations (the XML form of the same bomb). */
export function checkMarkup(bytes: Buffer): GuardRefusal | null {
  return /<!ENTITY/i.test(bytes.toString('latin1')) ? 'entities' : null;
}
