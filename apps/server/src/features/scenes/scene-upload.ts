import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { MAX_MOSAIC_FILES } from '@mirante/shared';
import { AppError, unprocessable } from '../../http/app-error';
import { makeScratchDir } from '../../storage/scratch';
import { checkedName } from '../../http/single-file-upload';

export interface ReceivedFile {
  path: string;
  name: string;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  files: Record<string, ReceivedFile>;
  /** `file` parts after the first (the other files of a mosaic), in the order sent. */
  moreFiles: ReceivedFile[];
  cleanup(): Promise<void>;
}

/** Called with the fields sent so far when the first file part starts, before a byte of it is read. */
export type BeforeFile = (fields: Record<string, string>) => Promise<void>;

const ACCEPTED_FILES = new Set(['file', 'model']);

/**
 * Streams every part of a multipart request to a scratch folder (never the whole file in memory). `beforeFile`
 * authorises the upload from the fields that precede the file, so a refused sender's file is never read.
 */
export async function receiveUpload(
  request: FastifyRequest,
  maxFileBytes: number,
  beforeFile: BeforeFile,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) {
    throw unprocessable('MULTIPART_REQUIRED', 'Envie a imagem como multipart/form-data (campo file).');
  }
  let dir: string | null = null;
  const cleanup = async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  };
  const fields: Record<string, string> = {};
  const files: Record<string, ReceivedFile> = {};
  const moreFiles: ReceivedFile[] = [];
  const limits = { fileSize: maxFileBytes, files: MAX_MOSAIC_FILES + 1, fields: 20 };
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const file: MultipartFile = part;
      checkedName(file);
      const another = file.fieldname === 'file' && files.file !== undefined;
      if (!ACCEPTED_FILES.has(file.fieldname) || (files[file.fieldname] && !another)) {
        file.file.resume();
        continue;
      }
      if (another && moreFiles.length + 1 >= MAX_MOSAIC_FILES) {
        throw unprocessable(
          'MOSAIC_MISMATCH',
          `Um mosaico pode ter até ${MAX_MOSAIC_FILES} arquivos; junte-os antes de enviar.`,
        );
      }
      if (!dir) {
        await beforeFile(fields);
        dir = await makeScratchDir('upload');
      }
      const target = path.join(dir, another ? `file-${moreFiles.length + 2}` : file.fieldname);
      await pipeline(file.file, createWriteStream(target));
      if (file.file.truncated) throw fileTooLarge(maxFileBytes);
      if (another) moreFiles.push({ path: target, name: file.filename });
      else files[file.fieldname] = { path: target, name: file.filename };
    }
  } catch (error) {
    await cleanup();
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(maxFileBytes);
    throw unprocessable('INVALID_UPLOAD', 'Não foi possível receber o arquivo enviado.');
  }
  return { fields, files, moreFiles, cleanup };
}

const fileTooLarge = (maxFileBytes: number) =>
  new AppError(
    413,
    'FILE_TOO_LARGE',
    `O arquivo enviado ultrapassou o limite de ${Math.round(maxFileBytes / 1024 / 1024)}MB.`,
  );
