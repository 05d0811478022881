/** Limits of the finance spreadsheet import (10 MB; the rest guards the server while it reads). */
export const FINANCE_IMPORT_LIMITS = {
  /** The business limits and 5: 'Tamanho do arquivo excede o limite de 10MB.' */
  maxFileBytes: 10 * 1024 * 1024,
  /** Entries of an .xlsx (zip) package; a workbook written by Excel has a dozen or two. */
  maxZipEntries: 500,
  /** Bytes of every entry of an .xlsx once inflated, checked before the workbook is parsed. */
  maxUnpackedBytes: 100 * 1024 * 1024,
  /** Data rows (below the header) read from one sheet. */
  maxRows: 20_000,
} as const;

/** Extensions the file picker offers (.xls and .xlsx). */
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

/**
 * Quadra and Lote of the template's example row. They name no lot, and the import refuses a row that still
 * carries them before looking for a lot, so a template sent back unchanged never overwrites a real lot's record,
 * even in a project that has a block and a lot with these names.
 */
export const PORTFOLIO_EXAMPLE_KEY = 'EXEMPLO';

export const PORTFOLIO_EXAMPLE_ROW_ERROR =
  'esta é a linha de exemplo do modelo: troque Quadra e Lote pelos de um lote do projeto';

/** The import's outcome message for the counts. */
export function importOutcomeMessage(imported: number, rejected: number): string {
  if (rejected === 0) return FINANCE_IMPORT_MESSAGES.allImported;
  if (imported === 0) return FINANCE_IMPORT_MESSAGES.noneImported;
  return FINANCE_IMPORT_MESSAGES.someImported(imported, rejected);
}

/** How a portfolio column is written to and read from a spreadsheet. */
export type PortfolioCellKind =
  'key' | 'readonly' | 'text' | 'document' | 'money' | 'count' | 'date' | 'yesno';

export interface PortfolioSheetColumn {
  /** A field of the Information row, or `lot` (the lot, second word of its name). */
  key: string;
  header: string;
  kind: PortfolioCellKind;
  /** Maximum length of a text. */
  max?: number;
  width: number;
  /**
   * A column added after files were already in users' hands: a sheet without it is still read, and the
   * lots keep their stored value for it.
   */
  optional?: boolean;
}

/**
 * The columns of the portfolio's spreadsheets: the template, both exports and the import read the
 * same ones, so an exported file edited in Excel imports again. Etapa comes first, and only when the project
 * has stages. Etapa, Quadra and Lote (or Código do lote) say which lot a row is; Código do lote and Última
 * detecção are read-only (the lot's code and the imagery's verdict are not the spreadsheet's to change).
 */
export const PORTFOLIO_SHEET_COLUMNS: readonly PortfolioSheetColumn[] = [
  { key: 'stage', header: 'Etapa', kind: 'key', width: 18 },
  { key: 'codigo_lote', header: 'Código do lote', kind: 'readonly', width: 14 },
  { key: 'block', header: 'Quadra', kind: 'key', width: 9 },
  { key: 'lot', header: 'Lote', kind: 'key', width: 8 },
  { key: 'codigo_comprador', header: 'Código do comprador', kind: 'text', max: 10, width: 14 },
  { key: 'nome_comprador', header: 'Comprador', kind: 'text', max: 100, width: 28 },
  { key: 'cpf_cnpj_comprador', header: 'CPF/CNPJ do comprador', kind: 'document', width: 20, optional: true },
  { key: 'status_unidade', header: 'Status da unidade', kind: 'text', max: 255, width: 16 },
  { key: 'status', header: 'Status financeiro', kind: 'text', max: 255, width: 16 },
  { key: 'ult_deteccao', header: 'Última detecção', kind: 'readonly', width: 18 },
  { key: 'valor_venda', header: 'Valor de venda', kind: 'money', width: 15 },
  { key: 'valor_inadimplencia', header: 'Valor inadimplência', kind: 'money', width: 15 },
  { key: 'qtde_parcelas_vencidas', header: 'Parcelas vencidas', kind: 'count', width: 10 },
  { key: 'codigo_venda', header: 'Código da venda', kind: 'text', max: 10, width: 12 },
  { key: 'data_venda', header: 'Data da venda', kind: 'date', width: 12 },
  { key: 'inscricao_iptu', header: 'Inscrição IPTU', kind: 'text', max: 255, width: 16 },
  { key: 'termo_posse', header: 'Termo de posse', kind: 'yesno', width: 10 },
  { key: 'escritura', header: 'Escritura', kind: 'yesno', width: 10 },
  { key: 'registro', header: 'Registro', kind: 'yesno', width: 10 },
  { key: 'status_construcao', header: 'Status da construção', kind: 'text', max: 255, width: 16 },
  { key: 'status_escritura', header: 'Status da escritura', kind: 'text', max: 255, width: 16 },
  { key: 'notas', header: 'Notas', kind: 'text', max: 5000, width: 40 },
];

/** The spreadsheet columns of a project: Etapa only when it has stages. */
export const portfolioSheetColumns = (hasStage: boolean): readonly PortfolioSheetColumn[] =>
  hasStage ? PORTFOLIO_SHEET_COLUMNS : PORTFOLIO_SHEET_COLUMNS.filter((column) => column.key !== 'stage');

/** The values a yes/no column takes (the template's data-validation list). */
export const YES_NO_VALUES = ['Sim', 'Não'] as const;
