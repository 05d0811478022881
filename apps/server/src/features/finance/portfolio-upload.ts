import { FINANCE_IMPORT_LIMITS, FINANCE_IMPORT_MESSAGES } from '@mirante/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, unprocessable } from '../../http/app-error';

const tooLarge = () => new AppError(413, 'FILE_TOO_LARGE', FINANCE_IMPORT_MESSAGES.tooLarge);

/**
 * Reads the `file` part of the import's multipart body into memory, at most 10 MB (spec 9): a larger file is
 * refused as soon as it passes the limit. Other parts are drained and ignored.
 */
export async function receiveSpreadsheet(
  request: FastifyRequest,
  maxBytes: number = FINANCE_IMPORT_LIMITS.maxFileBytes,
): Promise<{ bytes: Buffer; filename: string }> {
  if (!request.isMultipart()) throw unprocessable('MULTIPART_REQUIRED', FINANCE_IMPORT_MESSAGES.fileRequired);
  let received: { bytes: Buffer; filename: string } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 5 } })) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'file' || received) {
        part.file.resume();
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw tooLarge();
      received = { bytes, filename: part.filename.slice(0, 200) || 'planilha' };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw unprocessable('INVALID_UPLOAD', 'Não foi possível receber o arquivo enviado.');
  }
  if (!received || received.bytes.length === 0)
    throw unprocessable('FILE_REQUIRED', FINANCE_IMPORT_MESSAGES.fileRequired);
  return received;
}
