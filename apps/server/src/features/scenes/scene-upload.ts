import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, unprocessable } from '../../http/app-error';

export interface ReceivedFile {
  path: string;
  name: string;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  files: Record<string, ReceivedFile>;
  dir: string;
  cleanup(): Promise<void>;
}

const ACCEPTED_FILES = new Set(['file', 'model']);

/** Streams every part of a multipart request to a scratch folder (never the whole file in memory). */
export async function receiveUpload(request: FastifyRequest, maxFileBytes: number): Promise<ReceivedUpload> {
  if (!request.isMultipart()) {
    throw unprocessable('MULTIPART_REQUIRED', 'Envie a imagem como multipart/form-data (campo file).');
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mirante-upload-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  const fields: Record<string, string> = {};
  const files: Record<string, ReceivedFile> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: maxFileBytes, files: 2, fields: 20 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const file: MultipartFile = part;
      if (!ACCEPTED_FILES.has(file.fieldname) || files[file.fieldname]) {
        file.file.resume();
        continue;
      }
      const target = path.join(dir, file.fieldname);
      await pipeline(file.file, createWriteStream(target));
      if (file.file.truncated) {
        throw new AppError(
          413,
          'FILE_TOO_LARGE',
          `O arquivo enviado ultrapassou o limite de ${Math.round(maxFileBytes / 1024 / 1024)}MB.`,
        );
      }
      files[file.fieldname] = { path: target, name: file.filename };
    }
  } catch (error) {
    await cleanup();
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(
        413,
        'FILE_TOO_LARGE',
        `O arquivo enviado ultrapassou o limite de ${Math.round(maxFileBytes / 1024 / 1024)}MB.`,
      );
    }
    throw unprocessable('INVALID_UPLOAD', 'Não foi possível receber o arquivo enviado.');
  }
  return { fields, files, dir, cleanup };
}
