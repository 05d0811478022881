import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { AppError, unprocessable } from './app-error';
import { uploadFileName } from './upload-file-name';

/** The part's file name, or a 422 (its bytes drained) when it cannot be kept. */
export function checkedName(part: MultipartFile): string {
  try {
    return uploadFileName(part.filename);
  } catch (error) {
    part.file.resume();
    throw error;
  }
}

export interface SingleFileRules {
  maxBytes: number;
  /** Shown when the body is not multipart or carries no (or an empty) `file` part. */
  fileRequired: string;
  /** Shown (413) as soon as the file passes `maxBytes`. */
  tooLarge: string;
  /** The name kept when the browser sent none. */
  fallbackName: string;
}

export interface ReceivedFile {
  bytes: Buffer;
  filename: string;
}

/**
 * Reads the one `file` part of a multipart body into memory; other parts are drained and ignored. For uploads
 * small enough to hold in memory (a spreadsheet, an elevation model); larger ones stream to a scratch folder.
 */
export async function receiveSingleFile(
  request: FastifyRequest,
  rules: SingleFileRules,
): Promise<ReceivedFile> {
  const tooLarge = () => new AppError(413, 'FILE_TOO_LARGE', rules.tooLarge);
  if (!request.isMultipart()) throw unprocessable('MULTIPART_REQUIRED', rules.fileRequired);
  let received: ReceivedFile | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: rules.maxBytes, files: 1, fields: 5 } })) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'file' || received) {
        part.file.resume();
        continue;
      }
      const filename = checkedName(part);
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw tooLarge();
      received = { bytes, filename: filename.slice(0, 200) || rules.fallbackName };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw unprocessable('INVALID_UPLOAD', 'Não foi possível receber o arquivo enviado.');
  }
  if (!received || received.bytes.length === 0) throw unprocessable('FILE_REQUIRED', rules.fileRequired);
  return received;
}
