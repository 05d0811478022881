import { ELEVATION_MESSAGES, elevationApi } from '@mirante/shared';
import type { FastifyRequest } from 'fastify';
import type { Router } from '../../../http/route';
import { AppError, unprocessable } from '../../../http/app-error';
import type { ElevationService } from './elevation.service';

/** Largest DSM upload (bytes). */
const DSM_MAX_BYTES = 512 * 1024 * 1024;

const tooLarge = () => new AppError(413, 'FILE_TOO_LARGE', ELEVATION_MESSAGES.tooLarge);

async function receiveDsm(request: FastifyRequest): Promise<{ bytes: Buffer; filename: string }> {
  if (!request.isMultipart()) throw unprocessable('MULTIPART_REQUIRED', ELEVATION_MESSAGES.fileRequired);
  let received: { bytes: Buffer; filename: string } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: DSM_MAX_BYTES, files: 1, fields: 5 } })) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'file' || received) {
        part.file.resume();
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw tooLarge();
      received = { bytes, filename: part.filename.slice(0, 200) || 'dsm.tif' };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw unprocessable('INVALID_UPLOAD', 'Não foi possível receber o arquivo enviado.');
  }
  if (!received || received.bytes.length === 0)
    throw unprocessable('FILE_REQUIRED', ELEVATION_MESSAGES.fileRequired);
  return received;
}

/** ★ POST /scene/:id/dsm (ADMIN) and POST /notes/volume. */
export function registerElevationRoutes(route: Router, elevation: ElevationService): void {
  route(elevationApi.upload, async ({ params, request }) => {
    const { bytes, filename } = await receiveDsm(request);
    return elevation.upload(params.id, bytes, filename);
  });
  route(elevationApi.measure, ({ user, body }) => elevation.measure(user, body));
}
