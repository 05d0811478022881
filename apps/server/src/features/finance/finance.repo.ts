import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import type { InformationSource } from '../../db/schema-finance';

/** A lot of the portfolio: the layer, its sale data (null when it has none) and its two latest statuses. */
export interface InformationDbRow {
  layerId: number;
  projectId: number;
  name: string;
  block: string | null;
  stage: string | null;
  customerCode: string | null;
  obs: string | null;
  codigoComprador: string | null;
  nomeComprador: string | null;
  cpfCnpjComprador: string | null;
  statusUnidade: string | null;
  status: string | null;
  valorVenda: number | null;
  valorInadimplencia: number | null;
  qtdeParcelasVencidas: number | null;
  codigoVenda: string | null;
  dataVenda: string | null;
  inscricaoIptu: string | null;
  termoPosse: boolean | null;
  escritura: boolean | null;
  registro: boolean | null;
  statusConstrucao: string | null;
  statusEscritura: string | null;
  notas: string | null;
  /** The latest visible status and its date, then the one before (null when none). */
  lastStatus: string | null;
  lastDate: string | null;
  previousStatus: string | null;
}

/** The stored sale fields, by column (camelCase), as the service reads and writes them. */
export type SaleValues = Pick<
  InformationDbRow,
  | 'codigoComprador'
  | 'nomeComprador'
  | 'cpfCnpjComprador'
  | 'statusUnidade'
  | 'status'
  | 'valorVenda'
  | 'valorInadimplencia'
  | 'qtdeParcelasVencidas'
  | 'codigoVenda'
  | 'dataVenda'
  | 'inscricaoIptu'
  | 'termoPosse'
  | 'escritura'
  | 'registro'
  | 'statusConstrucao'
  | 'statusEscritura'
  | 'notas'
>;

export interface ChangeRow {
  field: string;
  oldValue: string | null;
  newValue: string | null;
  changedByName: string | null;
  changedAt: Date;
  source: InformationSource;
}

export interface NewChange {
  field: string;
  oldValue: string | null;
  newValue: string | null;
}

export interface Author {
  userId: number | null;
  name: string | null;
  source: InformationSource;
}

/** Same rule as the detections report: AI rows count once their analysis is approved, or for ADMIN. */
function visible(includeUnapproved: boolean): Expression<SqlBool> {
  if (includeUnapproved) return sql<SqlBool>`true`;
  return sql<SqlBool>`(h.source <> 'ai' OR EXISTS (
    SELECT 1 FROM detections d WHERE d.scene_id = h.scene_id AND d.approved))`;
}

/** The stored sale columns, in one place for every reader and writer of them. */
export const SALE_VALUE_COLUMNS = [
  'codigoComprador',
  'nomeComprador',
  'cpfCnpjComprador',
  'statusUnidade',
  'status',
  'valorVenda',
  'valorInadimplencia',
  'qtdeParcelasVencidas',
  'codigoVenda',
  'dataVenda',
  'inscricaoIptu',
  'termoPosse',
  'escritura',
  'registro',
  'statusConstrucao',
  'statusEscritura',
  'notas',
] as const satisfies readonly (keyof SaleValues)[];

const snakeCase = (column: string) => column.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const SALE_VALUE_SELECT = sql.join([
  sql`layer_id AS "layerId"`,
  ...SALE_VALUE_COLUMNS.map((column) => sql`${sql.ref(snakeCase(column))} AS ${sql.ref(column)}`),
]);

/**
 * Reads and row-locks (FOR UPDATE) the stored sale values of one lot, or of every lot of a project that has
 * some: the dialog's update and the spreadsheet import compare against what they replace.
 */
export async function lockedSaleValues(
  db: Db,
  scope: { layerId: number } | { projectId: number },
): Promise<(SaleValues & { layerId: number })[]> {
  const where = 'layerId' in scope ? sql`layer_id = ${scope.layerId}` : sql`project_id = ${scope.projectId}`;
  // Aliased and run without the camel-case plugin, as `lotsQuery`: a project's 10,000 rows' keys mapped one by
  // one held the event loop during an import.
  const result = await sql<SaleValues & { layerId: number }>`
    SELECT ${SALE_VALUE_SELECT} FROM lot_informations WHERE ${where} FOR UPDATE`.execute(db.withoutPlugins());
  return result.rows;
}

export function createFinanceRepo(db: Db) {
  // Aliased to the row's own (camelCase) keys and run without the camel-case plugin: mapping 10,000 rows' keys
  // one by one cost more than the rest of reading them.
  function lotsQuery(where: Expression<SqlBool>, includeUnapproved: boolean) {
    return sql<InformationDbRow>`
      SELECT l.id AS "layerId", l.project_id AS "projectId", l.name, l.block, l.stage,
        l.customer_code AS "customerCode", l.obs, i.codigo_comprador AS "codigoComprador",
        i.nome_comprador AS "nomeComprador", i.cpf_cnpj_comprador AS "cpfCnpjComprador",
        i.status_unidade AS "statusUnidade", i.status, i.valor_venda AS "valorVenda",
        i.valor_inadimplencia AS "valorInadimplencia", i.qtde_parcelas_vencidas AS "qtdeParcelasVencidas",
        i.codigo_venda AS "codigoVenda", i.data_venda AS "dataVenda", i.inscricao_iptu AS "inscricaoIptu",
        i.termo_posse AS "termoPosse", i.escritura, i.registro, i.status_construcao AS "statusConstrucao",
        i.status_escritura AS "statusEscritura", i.notas,
        last.statuses[1] AS "lastStatus", last.dates[1] AS "lastDate", last.statuses[2] AS "previousStatus"
      FROM layers l
      LEFT JOIN lot_informations i ON i.layer_id = l.id
      LEFT JOIN LATERAL (
        SELECT array_agg(x.status ORDER BY x.date DESC) AS statuses, array_agg(x.date::text ORDER BY x.date DESC) AS dates
        FROM (
          SELECT h.status, h.date FROM lot_status_history h
          WHERE h.layer_id = l.id AND ${visible(includeUnapproved)}
          ORDER BY h.date DESC LIMIT 2
        ) x
      ) last ON true
      WHERE l.type = 'LOT' AND ${where}`;
  }

  return {
    /** Every lot of the project with its sale data and latest statuses. */
    async listLots(projectId: number, includeUnapproved: boolean): Promise<InformationDbRow[]> {
      const result = await lotsQuery(sql<SqlBool>`l.project_id = ${projectId}`, includeUnapproved).execute(
        db.withoutPlugins(),
      );
      return result.rows;
    },

    async findLot(layerId: number, includeUnapproved: boolean): Promise<InformationDbRow | undefined> {
      const result = await lotsQuery(sql<SqlBool>`l.id = ${layerId}`, includeUnapproved).execute(
        db.withoutPlugins(),
      );
      return result.rows[0];
    },

    /** The layer's project and type, to check access before reading a lot. */
    async layerProject(layerId: number): Promise<{ projectId: number; type: string } | undefined> {
      return db
        .selectFrom('layers')
        .select(['projectId', 'type'])
        .where('id', '=', layerId)
        .executeTakeFirst();
    },

    /** Row-locks the lot's sale data (if any) so concurrent writers compare against what they replace. */
    async lockSaleValues(layerId: number): Promise<SaleValues | undefined> {
      const [row] = await lockedSaleValues(db, { layerId });
      if (!row) return undefined;
      const { layerId: _layerId, ...values } = row;
      return values;
    },

    /** Writes the lot's sale values and one history row per changed field. */
    async saveSaleValues(
      layerId: number,
      projectId: number,
      values: SaleValues,
      changes: NewChange[],
      author: Author,
    ): Promise<void> {
      await db
        .insertInto('lotInformations')
        .values({ layerId, projectId, ...values, updatedBy: author.userId, updatedAt: new Date() })
        .onConflict((conflict) =>
          conflict
            .column('layerId')
            .doUpdateSet({ ...values, updatedBy: author.userId, updatedAt: new Date() }),
        )
        .execute();
      if (changes.length === 0) return;
      await db
        .insertInto('lotInformationChanges')
        .values(
          changes.map((change) => ({
            layerId,
            projectId,
            field: change.field,
            oldValue: change.oldValue,
            newValue: change.newValue,
            changedBy: author.userId,
            changedByName: author.name,
            source: author.source,
          })),
        )
        .execute();
    },

    /** The project's 'Vendido sem obra' window (migration 016's column). */
    async setSaleAlertMonths(projectId: number, months: number): Promise<void> {
      await db.updateTable('projects').set({ saleAlertMonths: months }).where('id', '=', projectId).execute();
    },

    async history(layerId: number): Promise<ChangeRow[]> {
      return db
        .selectFrom('lotInformationChanges')
        .select(['field', 'oldValue', 'newValue', 'changedByName', 'changedAt', 'source'])
        .where('layerId', '=', layerId)
        .orderBy('changedAt', 'desc')
        .orderBy('id', 'desc')
        .limit(500)
        .execute();
    },
  };
}

export type FinanceRepo = ReturnType<typeof createFinanceRepo>;

/** Runs work in one transaction of `db`, with a finance repo bound to it. */
export type FinanceTransaction = <T>(work: (repo: FinanceRepo) => Promise<T>) => Promise<T>;

export function financeTransactionOn(db: Db): FinanceTransaction {
  return (work) => db.transaction().execute((trx) => work(createFinanceRepo(trx)));
}
