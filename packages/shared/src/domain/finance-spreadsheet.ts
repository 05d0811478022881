/** Limits of the finance spreadsheet import (spec 9: 10 MB; the rest guards the server while it reads). */
export const FINANCE_IMPORT_LIMITS = {
  /** Spec 9 and 5: 'Tamanho do arquivo excede o limite de 10MB.' */
  maxFileBytes: 10 * 1024 * 1024,
  /** Entries of an .xlsx (zip) package; a workbook written by Excel has a dozen or two. */
  maxZipEntries: 500,
  /** Bytes of every entry of an .xlsx once inflated, checked before the workbook is parsed. */
  maxUnpackedBytes: 100 * 1024 * 1024,
  /** Data rows (below the header) read from one sheet. */
  maxRows: 20_000,
} as const;

/** Extensions the file picker offers (spec 2.7: .xls and .xlsx). */
export const FINANCE_IMPORT_ACCEPT = '.xls,.xlsx';

/** The import's texts: the spec's word for word (2.7, 5, 8), then the server's own reasons in pt-BR. */
export const FINANCE_IMPORT_MESSAGES = {
  invalidType: 'Tipo de arquivo inválido. Por favor, selecione um arquivo do tipo .xls ou .xlsx.',
  tooLarge: 'Tamanho do arquivo excede o limite de 10MB.',
  sendFailed: 'Não foi possível realizar o envio da planilha',
  unreadableAnswer: 'Não foi possível interpretar a resposta do servidor.',
  allImported: 'Todas as linhas foram importadas com sucesso!',
  noneImported: 'Nenhuma linha conseguiu ser importada.',
  someImported: (imported: number, rejected: number) =>
    `${imported} linhas foram importadas com sucesso. ${rejected} linhas não foram importadas.`,
  emailNotice: 'Você receberá um e-mail detalhando os erros encontrados.',
  fileRequired: 'Selecione uma planilha para importar.',
  malformed: 'Não foi possível ler a planilha: o arquivo está corrompido ou não é uma planilha válida.',
  bomb: 'A planilha foi recusada: descompactada, ela excede o limite permitido.',
  entities: 'A planilha foi recusada: ela declara entidades XML, que não são aceitas.',
  emptySheet: 'A planilha não tem linhas para importar.',
  tooManyRows: (max: number) =>
    `A planilha tem mais de ${max.toLocaleString('pt-BR')} linhas; divida-a em arquivos menores.`,
} as const;

/** The import's outcome message for the counts (spec 8). */
export function importOutcomeMessage(imported: number, rejected: number): string {
  if (rejected === 0) return FINANCE_IMPORT_MESSAGES.allImported;
  if (imported === 0) return FINANCE_IMPORT_MESSAGES.noneImported;
  return FINANCE_IMPORT_MESSAGES.someImported(imported, rejected);
}
