import { LAYER_IMPORT_LIMITS, LAYER_IMPORT_MESSAGES } from '@mirante/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, unprocessable } from '../../http/app-error';

export interface LayerFileUpload {
  fields: Record<string, string>;
  file: Buffer;
}

const tooLarge = () =>
  new AppError(
    413,
    'FILE_TOO_LARGE',
    `O arquivo enviado ultrapassou o limite de ${LAYER_IMPORT_LIMITS.maxFileBytes / 1024 / 1024}MB.`,
  );

/**
 * The multipart parts of a layer import: the `file` part in memory (the readers need it whole; the size limit
 * stops it at `maxFileBytes`) and the text fields, in any order.
 */
export async function receiveLayerFile(request: FastifyRequest): Promise<LayerFileUpload> {
  if (!request.isMultipart()) {
    throw unprocessable('MULTIPART_REQUIRED', 'Envie o arquivo como multipart/form-data (campo file).');
  }
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  try {
    const parts = request.parts({
      limits: { fileSize: LAYER_IMPORT_LIMITS.maxFileBytes, files: 2, fields: 20 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
      } else if (part.fieldname === 'file' && file === null) {
        file = await part.toBuffer();
        if (part.file.truncated) throw tooLarge();
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw unprocessable('INVALID_UPLOAD', 'Não foi possível receber o arquivo enviado.');
  }
  if (!file) throw unprocessable('FILE_REQUIRED', LAYER_IMPORT_MESSAGES.fileRequired);
  return { fields, file };
}
