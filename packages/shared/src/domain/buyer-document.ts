import { formatCnpj, formatCpf, isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';

/**
 * The buyer's CPF (11 digits) or CNPJ (14 characters: the numeric one, or the alphanumeric one the Receita
 * Federal issues since July 2026 — 12 letters or digits, then 2 check digits). Stored without its mask,
 * upper case; shown with it.
 */
export const BUYER_DOCUMENT_MESSAGES = {
  invalid: 'CPF/CNPJ inválido: confira os números e os dígitos verificadores.',
} as const;

/** The characters that make the document: letters upper-cased, mask (. - / spaces) dropped. */
export const stripBuyerDocument = (value: string): string => value.toUpperCase().replace(/[^0-9A-Z]/g, '');

/** A stored (unmasked) document: a CPF with valid check digits, or a numeric or alphanumeric CNPJ. */
export function isValidBuyerDocument(value: string): boolean {
  const document = stripBuyerDocument(value);
  if (/^\d{11}$/.test(document)) return isValidCpf(document);
  if (/^[0-9A-Z]{12}\d{2}$/.test(document)) return isValidCnpj(document, { version: 2 });
  return false;
}

/**
 * The document with its mask, also while it is being typed: up to 11 digits as a CPF
 * (000.000.000-00), longer or with letters as a CNPJ (00.000.000/0000-00).
 */
export function formatBuyerDocument(value: string): string {
  const document = stripBuyerDocument(value).slice(0, 14);
  if (document === '') return '';
  if (/^\d{1,11}$/.test(document)) return formatCpf(document);
  return formatCnpj(document, { version: 2 });
}
