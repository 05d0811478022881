import {
  FINANCE_IMPORT_MESSAGES,
  importOutcomeMessage,
  lotOfName,
  PORTFOLIO_EXAMPLE_KEY,
  portfolioSheetColumns,
  type ImportResult,
  type InformationsExportQuery,
} from '@mirante/shared';
import type { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import type { CpuPool } from '../../cpu/cpu-pool';
import { AppError, unprocessable } from '../../http/app-error';
import type { Mailer } from '../../mail/mailer';
import type { AuthUser } from '../auth';
import type { ProjectsService } from '../projects';
import type { FinanceService } from './finance.service';
import type { ImportRowOutcome } from './portfolio-import';
import type { LotWrite, PortfolioImportRepo } from './portfolio-import.repo';
import { portfolioTemplate, type SheetValue } from './portfolio-sheets';
import { EMPTY_SALE_VALUES, mergeSaleValues } from './sale-values';

/** Rows merged with their stored values between two turns of the event loop. */
const MERGE_SLICE = 1000;

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface PortfolioFile {
  body: Readable | Buffer;
  contentType: string;
  filename: string;
}

export type ImportTransaction = <T>(work: (repo: PortfolioImportRepo) => Promise<T>) => Promise<T>;

export interface PortfolioIoDeps {
  finance: FinanceService;
  projects: ProjectsService;
  inTransaction: ImportTransaction;
  /** The project's lots (id, name, block, stage, code), read without a transaction. */
  lots: PortfolioImportRepo['projectLots'];
  mailer: Mailer;
  /** Where uploaded sheets are read (never the event loop that answers HTTP). */
  cpu: CpuPool;
  /** Logs a failure that must not fail the request (the e-mail of rejected rows). */
  logError?(error: unknown, message: string): void;
}

/** The template's example row: made-up values under a Quadra and Lote that name no lot of any project. */
const EXAMPLE_VALUES: Record<string, SheetValue> = {
  block: PORTFOLIO_EXAMPLE_KEY,
  lot: PORTFOLIO_EXAMPLE_KEY,
  codigo_comprador: '0001',
  nome_comprador: 'Maria da Silva',
  cpf_cnpj_comprador: '529.982.247-25',
  status_unidade: 'Vendido',
  status: 'Em dia',
  valor_venda: 150000,
  valor_inadimplencia: 0,
  qtde_parcelas_vencidas: 0,
  codigo_venda: 'V0001',
  data_venda: '2025-03-15',
  inscricao_iptu: '01.234.5678.0001',
  termo_posse: true,
  escritura: false,
  registro: false,
  status_construcao: 'Não iniciada',
  status_escritura: 'Pendente',
  notas: 'Linha de exemplo: substitua pelos dados dos seus lotes.',
};

const today = () => new Date().toISOString().slice(0, 10);
const slug = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
    .slice(0, 60);

const REFUSALS: Record<'type' | 'malformed' | 'bomb' | 'entities', () => AppError> = {
  type: () => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', FINANCE_IMPORT_MESSAGES.invalidType),
  malformed: () => unprocessable('INVALID_UPLOAD', FINANCE_IMPORT_MESSAGES.malformed),
  bomb: () => unprocessable('DECOMPRESSION_BOMB', FINANCE_IMPORT_MESSAGES.bomb),
  entities: () => unprocessable('DECOMPRESSION_BOMB', FINANCE_IMPORT_MESSAGES.entities),
};

function rejectionMail(user: AuthUser, projectName: string, filename: string, rows: ImportRowOutcome[]) {
  const rejected = rows.filter((row) => row.errors.length > 0);
  const imported = rows.length - rejected.length;
  const lines = rejected.map((row) => `- Linha ${row.linha} (${row.label}): ${row.errors.join('; ')}.`);
  return {
    to: user.email,
    subject: `Importação da carteira — ${projectName}: ${rejected.length} linhas não foram importadas`,
    text: [
      `Olá, ${user.name}.`,
      '',
      `A planilha "${filename}" foi enviada para a Análise da carteira do projeto ${projectName}.`,
      importOutcomeMessage(imported, rejected.length),
      '',
      'Linhas não importadas e o motivo:',
      ...lines,
      '',
      'Nenhum valor dessas linhas foi alterado. Corrija-as na planilha e importe-a novamente.',
    ].join('\n'),
  };
}

/**
 * Spreadsheets of the finance portfolio: the import template, the CSV/Excel exports with the
 * current filters, and the import — row by row, each row written only if all of it is valid, the whole file
 * in one transaction, the rejected rows e-mailed to the user.
 */
export function createPortfolioIoService(deps: PortfolioIoDeps) {
  const { finance, projects } = deps;

  return {
    /** Checked before a byte of the upload is read: a refused sender never fills memory. */
    async assertCanImport(user: AuthUser, projectId: number): Promise<void> {
      await projects.assertAccess(user, projectId, 'finance');
    },

    async exportFile(
      user: AuthUser,
      projectId: number,
      query: InformationsExportQuery,
    ): Promise<PortfolioFile> {
      const { fileType, api_token: _token, ...filters } = query;
      const portfolio = await finance.portfolioRows(user, projectId);
      const base = `carteira-${today()}`;
      const format = fileType === 'csv' ? 'csv' : 'xlsx';
      // The list (alerts, filters, order) and the file (exceljs or the CSV rows) are made on the CPU pool, whole.
      const bytes = await deps.cpu.run('writePortfolioFile', { format, portfolio, filters });
      return {
        body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        contentType: format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE,
        filename: `${base}.${format}`,
      };
    },

    async template(user: AuthUser, projectId: number): Promise<PortfolioFile> {
      const project = await projects.assertAccess(user, projectId, 'finance');
      const list = await finance.list(user, projectId, {});
      const columns = portfolioSheetColumns(list.hasStage);
      const example = columns.map((column) =>
        column.key === 'stage' ? (list.stagesAvailable[0] ?? null) : (EXAMPLE_VALUES[column.key] ?? null),
      );
      const body = await portfolioTemplate(columns, example, list.stagesAvailable);
      return { body, contentType: XLSX_TYPE, filename: `modelo-carteira-${slug(project.name)}.xlsx` };
    },

    /** Reads, checks and applies an uploaded sheet; the answer lists every data row with `sucesso`. */
    async importFile(
      user: AuthUser,
      projectId: number,
      file: { bytes: Buffer; filename: string },
    ): Promise<ImportResult> {
      const project = await projects.assertAccess(user, projectId, 'finance');
      const lots = await deps.lots(projectId);
      // Etapa is a column when the project has stages or any lot names one (as the portfolio list says).
      const hasStage = project.hasStage || lots.some((lot) => lot.stage !== null && lot.stage.trim() !== '');
      // The guards, SheetJS and the rows' rules run on the CPU pool; the file's bytes are moved there and the
      // rows come back in batches.
      const bytes = new Uint8Array(file.bytes);
      const rows: ImportRowOutcome[] = [];
      const read = await deps.cpu.run(
        'readPortfolioFile',
        {
          bytes,
          hasStage,
          lots: lots.map((lot) => ({
            layerId: lot.id,
            stage: lot.stage,
            block: lot.block,
            lot: lotOfName(lot.name),
            codigoLote: lot.customerCode,
          })),
        },
        { transfer: [bytes.buffer], onMessage: (batch) => void rows.push(...(batch as ImportRowOutcome[])) },
      );
      if (!read.ok) throw REFUSALS[read.reason]();
      if (!read.parsed.ok) throw unprocessable('VALIDATION', read.parsed.message);
      const accepted = rows.filter((row) => row.errors.length === 0 && row.layerId !== null);
      if (accepted.length > 0) {
        await deps.inTransaction(async (repo) => {
          const stored = await repo.lockProjectSaleValues(projectId);
          const writes: LotWrite[] = [];
          for (const [index, row] of accepted.entries()) {
            // Lets the event loop answer between slices of a large sheet (10,000 rows took it 40–80 ms).
            if (index > 0 && index % MERGE_SLICE === 0) await setImmediate();
            const layerId = row.layerId as number;
            const merged = mergeSaleValues(stored.get(layerId) ?? EMPTY_SALE_VALUES, row.update);
            if (merged.changes.length > 0) writes.push({ layerId, ...merged });
          }
          await repo.saveMany(projectId, writes, { userId: user.id, name: user.name, source: 'import' });
        });
      }
      if (accepted.length < rows.length) {
        try {
          await deps.mailer.send(rejectionMail(user, project.name, file.filename, rows));
        } catch (error) {
          deps.logError?.(error, 'e-mail das linhas não importadas não enviado');
        }
      }
      return {
        list: rows.map((row) => ({
          linha: row.linha,
          sucesso: row.errors.length === 0,
          erros: row.errors,
        })),
      };
    },
  };
}

export type PortfolioIoService = ReturnType<typeof createPortfolioIoService>;
