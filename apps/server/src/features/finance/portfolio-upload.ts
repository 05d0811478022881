import { FINANCE_IMPORT_LIMITS, FINANCE_IMPORT_MESSAGES } from '@mirante/shared';
import type { FastifyRequest } from 'fastify';
import { receiveSingleFile, type ReceivedFile } from '../../http/single-file-upload';

/**
 * Reads the `file` part of the import's multipart body into memory, at most 10 MB: a larger file is
 * refused as soon as it passes the limit. Other parts are drained and ignored.
 */
export function receiveSpreadsheet(
  request: FastifyRequest,
  maxBytes: number = FINANCE_IMPORT_LIMITS.maxFileBytes,
): Promise<ReceivedFile> {
  return receiveSingleFile(request, {
    maxBytes,
    fileRequired: FINANCE_IMPORT_MESSAGES.fileRequired,
    tooLarge: FINANCE_IMPORT_MESSAGES.tooLarge,
    fallbackName: 'planilha',
  });
}
