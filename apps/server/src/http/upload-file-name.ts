import { unprocessable } from './app-error';

export const FILE_NAME_INVALID =
  'O nome do arquivo contém caracteres inválidos (caracteres de controle). Renomeie o arquivo e envie novamente.';

// eslint-disable-next-line no-control-regex -- control characters are exactly what this pattern finds
const CONTROL = /[\u0000-\u001f\u007f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The name of an uploaded file part, as kept (in a row, a job's data, an e-mail): refused with a pt-BR 422 when
 * it holds a control character (NUL included) or a lone surrogate, which PostgreSQL, JSON job data and mail
 * headers cannot carry. Checked as soon as the part arrives, before any of its bytes is read.
 */
export function uploadFileName(name: string): string {
  if (CONTROL.test(name) || LONE_SURROGATE.test(name))
    throw unprocessable('INVALID_UPLOAD', FILE_NAME_INVALID);
  return name;
}
