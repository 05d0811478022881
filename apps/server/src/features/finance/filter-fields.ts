import { informationFiltersSchema, type InformationFilters } from '@mirante/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, unprocessable } from '../../http/app-error';

/** Filter fields a portfolio request may carry; each a comma-joined list or a repeated key. */
const MAX_FIELDS = 50;
const MAX_FIELD_BYTES = 256 * 1024;

const unreadable = () => unprocessable('INVALID_UPLOAD', 'Não foi possível ler os filtros enviados.');

/** The fields as a form-encoded body reads: one value as a text, a repeated key as a list. */
async function multipartFields(request: FastifyRequest): Promise<Record<string, string | string[]>> {
  const fields: Record<string, string[]> = {};
  try {
    const parts = request.parts({ limits: { fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, files: 0 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        part.file.resume();
        throw unreadable();
      }
      if (part.valueTruncated) throw unreadable();
      (fields[part.fieldname] ??= []).push(String(part.value));
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable();
  }
  return Object.fromEntries(
    Object.entries(fields).map(([name, values]) => [name, values.length === 1 ? (values[0] ?? '') : values]),
  );
}

/**
 * The filters of `POST project/:id/informations`: a multipart body of filter fields as the API calls says, or the
 * same fields form-encoded (what earlier clients sent). Checked by the contract's schema with a pt-BR message.
 */
export async function receiveFilters(request: FastifyRequest): Promise<InformationFilters> {
  const raw = request.isMultipart() ? await multipartFields(request) : (request.body ?? {});
  const parsed = informationFiltersSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.');
  const message = issue?.message ?? 'Dados inválidos.';
  throw unprocessable('VALIDATION', field ? `${message} (${field})` : message);
}
