import { createWriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { makeScratchDir } from '../storage/scratch';
import { AppError, unprocessable } from './app-error';
import { checkedName } from './single-file-upload';

export interface ReceivedPdf {
  /** Scratch folder holding `upload.pdf`; the caller renders into it and removes it. */
  dir: string;
  pdfPath: string;
  originalName: string;
  cleanup(): Promise<void>;
}

/** The upload's limit and the feature's words for a refused file. */
export interface PdfUploadRules {
  maxBytes: number;
  tooLarge: string;
  notPdf: string;
  /** Scratch folder prefix. */
  scratch: string;
}

/** Shown when a file has the PDF header but not its end: an upload cut short, or a damaged file. */
export const PDF_TRUNCATED = 'O PDF está incompleto ou corrompido (falta o fim do arquivo).';

/**
 * Whether the file starts (within its first KiB, as readers allow) with the PDF header, and ends (within its
 * last KiB) with the `%%EOF` marker a whole PDF carries.
 */
async function pdfShape(file: string): Promise<'pdf' | 'not-pdf' | 'truncated'> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(1024);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    if (!head.subarray(0, bytesRead).includes('%PDF-')) return 'not-pdf';
    const tail = Buffer.alloc(Math.min(1024, size));
    await handle.read(tail, 0, tail.length, size - tail.length);
    return tail.includes('%%EOF') ? 'pdf' : 'truncated';
  } finally {
    await handle.close();
  }
}

/**
 * Streams a multipart PDF upload into a scratch folder: the fields first (checked by `authorize` before a byte
 * of the file is read), then one `file` part of at most `rules.maxBytes` that must be a PDF by its content, not
 * its name, and whole (ending with `%%EOF`).
 */
export async function receivePdf(
  request: FastifyRequest,
  rules: PdfUploadRules,
  authorize: (fields: Record<string, string>) => Promise<void>,
): Promise<ReceivedPdf> {
  const tooLarge = () => new AppError(413, 'FILE_TOO_LARGE', rules.tooLarge);
  const notPdf = () => unprocessable('NOT_A_PDF', rules.notPdf);
  if (!request.isMultipart()) throw unprocessable('MULTIPART_REQUIRED', rules.notPdf);
  const dir = await makeScratchDir(rules.scratch);
  const cleanup = () => rm(dir, { recursive: true, force: true });
  const fields: Record<string, string> = {};
  const pdfPath = path.join(dir, 'upload.pdf');
  let originalName: string | null = null;
  try {
    const parts = request.parts({ limits: { fileSize: rules.maxBytes, files: 1, fields: 5 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || originalName !== null) {
        part.file.resume();
        continue;
      }
      const name = checkedName(part);
      await authorize(fields);
      originalName = name.slice(0, 255);
      await pipeline(part.file, createWriteStream(pdfPath));
      if (part.file.truncated) throw tooLarge();
    }
    if (originalName === null) {
      // Who may upload is answered before what is missing.
      await authorize(fields);
      throw unprocessable('FILE_REQUIRED', rules.notPdf);
    }
    const shape = await pdfShape(pdfPath);
    if (shape === 'not-pdf') throw notPdf();
    if (shape === 'truncated') throw unprocessable('TRUNCATED', PDF_TRUNCATED);
    return { dir, pdfPath, originalName, cleanup };
  } catch (error) {
    await cleanup();
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw unprocessable('INVALID_UPLOAD', 'Não foi possível receber o arquivo enviado.');
  }
}
