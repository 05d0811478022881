import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MAP_MESSAGES, OBSERVATION_LIMITS } from '@mirante/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, unprocessable } from '../../http/app-error';
import { makeScratchDir } from '../../storage/scratch';

export interface ReceivedImage {
  path: string;
  size: number;
}

export interface ReceivedObservation {
  fields: Record<string, string>;
  images: ReceivedImage[];
  cleanup(): Promise<void>;
}

const IMAGE_FIELDS = new Set(['images[]', 'images']);
const tooLarge = () => new AppError(413, 'FILE_TOO_LARGE', MAP_MESSAGES.obsImageTooLarge);

/**
 * Streams the parts of `POST /layer/:layerId/obs` to a scratch folder: text fields, and at most 10 images of at
 * most 50 MB each (more images, or a larger one, refuse the whole request before anything is stored). The caller
 * authorises the upload before calling this.
 */
export async function receiveObservation(
  request: FastifyRequest,
  maxImageBytes: number = OBSERVATION_LIMITS.maxImageBytes,
): Promise<ReceivedObservation> {
  if (!request.isMultipart()) throw unprocessable('MULTIPART_REQUIRED', MAP_MESSAGES.obsDateRequired);
  let dir: string | null = null;
  const cleanup = async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  };
  const fields: Record<string, string> = {};
  const images: ReceivedImage[] = [];
  try {
    const parts = request.parts({
      limits: { fileSize: maxImageBytes, files: OBSERVATION_LIMITS.maxImages + 1, fields: 10 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (!IMAGE_FIELDS.has(part.fieldname)) {
        part.file.resume();
        continue;
      }
      if (images.length >= OBSERVATION_LIMITS.maxImages) {
        part.file.resume();
        throw unprocessable('TOO_MANY_IMAGES', MAP_MESSAGES.obsTooManyImages);
      }
      dir ??= await makeScratchDir('obs');
      const target = path.join(dir, `image-${images.length}`);
      let size = 0;
      part.file.on('data', (chunk: Buffer) => (size += chunk.length));
      await pipeline(part.file, createWriteStream(target));
      if (part.file.truncated) throw tooLarge();
      images.push({ path: target, size });
    }
  } catch (error) {
    await cleanup();
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') throw unprocessable('TOO_MANY_IMAGES', MAP_MESSAGES.obsTooManyImages);
    throw unprocessable('INVALID_UPLOAD', 'Não foi possível receber o arquivo enviado.');
  }
  return { fields, images, cleanup };
}

export type PhotoKind = { extension: string; contentType: string };

/** The image type from the first bytes (JPEG, PNG, WebP, GIF); never the name or the declared type. */
export function sniffPhoto(head: Buffer): PhotoKind | null {
  const starts = (bytes: number[], at = 0) => bytes.every((byte, i) => head[at + i] === byte);
  if (starts([0xff, 0xd8, 0xff])) return { extension: 'jpg', contentType: 'image/jpeg' };
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { extension: 'png', contentType: 'image/png' };
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8))
    return { extension: 'webp', contentType: 'image/webp' };
  if (starts([0x47, 0x49, 0x46, 0x38])) return { extension: 'gif', contentType: 'image/gif' };
  return null;
}
