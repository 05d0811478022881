import { LAYER_IMPORT_LIMITS } from '@mirante/shared';
import yauzl from 'yauzl';
import { AppError, unprocessable } from '../../../http/app-error';

export interface ZipEntry {
  /** Path inside the archive, with `/` separators. */
  name: string;
  data: Buffer;
}

export const ARCHIVE_MESSAGES = {
  tooManyEntries: `O arquivo compactado tem mais de ${LAYER_IMPORT_LIMITS.maxArchiveEntries} arquivos: envie só os da camada.`,
  tooLarge: `O arquivo compactado se expande para mais de ${LAYER_IMPORT_LIMITS.maxUnpackedBytes / 1024 / 1024} MB: foi recusado.`,
  unreadable: 'Não foi possível abrir o arquivo compactado (.zip/.kmz corrompido ou protegido por senha).',
} as const;

const bomb = (message: string) => new AppError(413, 'DECOMPRESSION_BOMB', message);

function openZip(buffer: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      buffer,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false },
      (e, zip) =>
        e || !zip ? reject(unprocessable('INVALID_FILE', ARCHIVE_MESSAGES.unreadable)) : resolve(zip),
    );
  });
}

function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, budget: { left: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(unprocessable('INVALID_FILE', ARCHIVE_MESSAGES.unreadable));
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        budget.left -= chunk.length;
        // The declared sizes were checked; this stops an archive that lies about them (yauzl checks too).
        if (budget.left < 0) {
          stream.destroy();
          reject(bomb(ARCHIVE_MESSAGES.tooLarge));
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', () => reject(unprocessable('INVALID_FILE', ARCHIVE_MESSAGES.unreadable)));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

/**
 * The entries of a .zip / .kmz whose names `wanted` accepts, unpacked into memory — after the guard against
 * decompression bombs: at most `maxArchiveEntries` entries and `maxUnpackedBytes` unpacked, by the central
 * directory's declared sizes and again while inflating. Folders and macOS resource forks are skipped.
 */
export async function readZipEntries(buffer: Buffer, wanted: (name: string) => boolean): Promise<ZipEntry[]> {
  const zip = await openZip(buffer);
  try {
    if (zip.entryCount > LAYER_IMPORT_LIMITS.maxArchiveEntries) throw bomb(ARCHIVE_MESSAGES.tooManyEntries);
    const entries = await new Promise<yauzl.Entry[]>((resolve, reject) => {
      const found: yauzl.Entry[] = [];
      let declared = 0;
      zip.on('entry', (entry: yauzl.Entry) => {
        declared += entry.uncompressedSize;
        if (declared > LAYER_IMPORT_LIMITS.maxUnpackedBytes) {
          reject(bomb(ARCHIVE_MESSAGES.tooLarge));
          return;
        }
        found.push(entry);
        zip.readEntry();
      });
      zip.on('end', () => resolve(found));
      zip.on('error', () => reject(unprocessable('INVALID_FILE', ARCHIVE_MESSAGES.unreadable)));
      zip.readEntry();
    });
    const budget = { left: LAYER_IMPORT_LIMITS.maxUnpackedBytes };
    const result: ZipEntry[] = [];
    for (const entry of entries) {
      const name = entry.fileName.replace(/\\/g, '/');
      if (name.endsWith('/') || name.startsWith('__MACOSX/') || !wanted(name)) continue;
      result.push({ name, data: await readEntry(zip, entry, budget) });
    }
    return result;
  } finally {
    zip.close();
  }
}
