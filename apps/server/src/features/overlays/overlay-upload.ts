import { createWriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { OVERLAY_MESSAGES, OVERLAY_PDF_MAX_BYTES } from '@mirante/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, unprocessable } from '../../http/app-error';
import { makeScratchDir } from '../../storage/scratch';

export interface ReceivedPdf {
  /** Scratch folder holding `upload.pdf`; the caller renders into it and removes it. */
  dir: string;
  pdfPath: string;
  originalName: string;
  cleanup(): Promise<void>;
}

const tooLarge = () => new AppError(413, 'FILE_TOO_LARGE', OVERLAY_MESSAGES.pdfTooLarge);
const notPdf = () => unprocessable('NOT_A_PDF', OVERLAY_MESSAGES.pdfOnly);

/** True when the file starts (within its first KiB, as readers allow) with the PDF header. */
async function looksLikePdf(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(1024);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead).includes('%PDF-');
  } finally {
    await handle.close();
  }
}

/**
 * Streams `POST /overlays/file`: the `project_id` field first (checked by `authorize` before a byte of the file
 * is read), then one `file` part of at most 50 MB that must be a PDF by its content, not its name.
 */
export async function receivePdf(
  request: FastifyRequest,
  authorize: (fields: Record<string, string>) => Promise<void>,
): Promise<ReceivedPdf> {
  if (!request.isMultipart()) throw unprocessable('MULTIPART_REQUIRED', OVERLAY_MESSAGES.pdfOnly);
  const dir = await makeScratchDir('overlay');
  const cleanup = () => rm(dir, { recursive: true, force: true });
  const fields: Record<string, string> = {};
  const pdfPath = path.join(dir, 'upload.pdf');
  let originalName: string | null = null;
  try {
    const parts = request.parts({ limits: { fileSize: OVERLAY_PDF_MAX_BYTES, files: 1, fields: 5 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || originalName !== null) {
        part.file.resume();
        continue;
      }
      await authorize(fields);
      originalName = part.filename.slice(0, 255);
      await pipeline(part.file, createWriteStream(pdfPath));
      if (part.file.truncated) throw tooLarge();
    }
    if (originalName === null) {
      // Who may upload is answered before what is missing.
      await authorize(fields);
      throw unprocessable('FILE_REQUIRED', OVERLAY_MESSAGES.pdfOnly);
    }
    if (!(await looksLikePdf(pdfPath))) throw notPdf();
    return { dir, pdfPath, originalName, cleanup };
  } catch (error) {
    await cleanup();
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw unprocessable('INVALID_UPLOAD', 'Não foi possível receber o arquivo enviado.');
  }
}
