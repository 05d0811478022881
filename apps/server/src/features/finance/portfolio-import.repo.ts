import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { lockedSaleValues, type Author, type NewChange, type SaleValues } from './finance.repo';

/** One lot's values after the import and the fields that changed. */
export interface LotWrite {
  layerId: number;
  values: SaleValues;
  changes: NewChange[];
}

/** Rows per statement, each batch sent as one JSON parameter (10,000 lots in 2 statements per table). */
const BATCH = 5000;

/** A lot's values as `jsonb_to_recordset` reads them (the columns' own names). */
const asRecord = ({ layerId, values }: LotWrite) => ({
  layer_id: layerId,
  codigo_comprador: values.codigoComprador,
  nome_comprador: values.nomeComprador,
  cpf_cnpj_comprador: values.cpfCnpjComprador,
  status_unidade: values.statusUnidade,
  status: values.status,
  valor_venda: values.valorVenda,
  valor_inadimplencia: values.valorInadimplencia,
  qtde_parcelas_vencidas: values.qtdeParcelasVencidas,
  codigo_venda: values.codigoVenda,
  data_venda: values.dataVenda,
  inscricao_iptu: values.inscricaoIptu,
  termo_posse: values.termoPosse,
  escritura: values.escritura,
  registro: values.registro,
  status_construcao: values.statusConstrucao,
  status_escritura: values.statusEscritura,
  notas: values.notas,
});

/**
 * The whole-project writes of a spreadsheet import, in bulk (10,000 lots in a few statements instead of three
 * per lot). Bound to the import's transaction.
 */
export function createPortfolioImportRepo(db: Db) {
  return {
    /** The project's lots as a spreadsheet names them (no sale data, statuses or alerts: the import needs none). */
    async projectLots(projectId: number) {
      return db
        .selectFrom('layers')
        .select(['id', 'name', 'block', 'stage', 'customerCode'])
        .where('projectId', '=', projectId)
        .where('type', '=', 'LOT')
        .execute();
    },

    /** Locks and reads the stored sale values of every lot of the project that has some. */
    async lockProjectSaleValues(projectId: number): Promise<Map<number, SaleValues>> {
      const rows = await lockedSaleValues(db, { projectId });
      return new Map(rows.map(({ layerId, ...values }) => [layerId, values]));
    },

    /**
     * Upserts the lots' values and appends their history rows (who, when, old → new): set-based, one
     * statement per table and batch, the rows read from one JSON parameter.
     */
    async saveMany(projectId: number, writes: readonly LotWrite[], author: Author): Promise<void> {
      for (let start = 0; start < writes.length; start += BATCH) {
        const rows = writes.slice(start, start + BATCH).map(asRecord);
        await sql`
          INSERT INTO lot_informations (layer_id, project_id, codigo_comprador, nome_comprador, cpf_cnpj_comprador,
            status_unidade, status, valor_venda, valor_inadimplencia, qtde_parcelas_vencidas, codigo_venda,
            data_venda, inscricao_iptu, termo_posse, escritura, registro, status_construcao, status_escritura,
            notas, updated_by, updated_at)
          SELECT v.layer_id, ${projectId}, v.codigo_comprador, v.nome_comprador, v.cpf_cnpj_comprador,
            v.status_unidade, v.status, v.valor_venda, v.valor_inadimplencia, v.qtde_parcelas_vencidas,
            v.codigo_venda, v.data_venda, v.inscricao_iptu, v.termo_posse, v.escritura, v.registro,
            v.status_construcao, v.status_escritura, v.notas, ${author.userId}::integer, now()
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(
            layer_id integer, codigo_comprador text, nome_comprador text, cpf_cnpj_comprador text,
            status_unidade text, status text, valor_venda numeric, valor_inadimplencia numeric,
            qtde_parcelas_vencidas integer, codigo_venda text, data_venda date, inscricao_iptu text,
            termo_posse boolean, escritura boolean, registro boolean, status_construcao text,
            status_escritura text, notas text
          )
          ON CONFLICT (layer_id) DO UPDATE SET
            codigo_comprador = excluded.codigo_comprador, nome_comprador = excluded.nome_comprador,
            cpf_cnpj_comprador = excluded.cpf_cnpj_comprador, status_unidade = excluded.status_unidade,
            status = excluded.status, valor_venda = excluded.valor_venda,
            valor_inadimplencia = excluded.valor_inadimplencia,
            qtde_parcelas_vencidas = excluded.qtde_parcelas_vencidas, codigo_venda = excluded.codigo_venda,
            data_venda = excluded.data_venda, inscricao_iptu = excluded.inscricao_iptu,
            termo_posse = excluded.termo_posse, escritura = excluded.escritura, registro = excluded.registro,
            status_construcao = excluded.status_construcao, status_escritura = excluded.status_escritura,
            notas = excluded.notas, updated_by = excluded.updated_by, updated_at = excluded.updated_at
        `.execute(db);
      }
      // `n` keeps the lots' and fields' order in the history ids.
      const changes = writes.flatMap((write) =>
        write.changes.map((change) => ({
          layer_id: write.layerId,
          field: change.field,
          old_value: change.oldValue,
          new_value: change.newValue,
        })),
      );
      for (let start = 0; start < changes.length; start += BATCH * 4) {
        const rows = changes.slice(start, start + BATCH * 4).map((change, n) => ({ n, ...change }));
        await sql`
          INSERT INTO lot_information_changes (layer_id, project_id, field, old_value, new_value, changed_by,
            changed_by_name, source)
          SELECT v.layer_id, ${projectId}, v.field, v.old_value, v.new_value, ${author.userId}::integer,
            ${author.name}::text, ${author.source}
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(
            n integer, layer_id integer, field text, old_value text, new_value text
          )
          ORDER BY v.n
        `.execute(db);
      }
    },
  };
}

export type PortfolioImportRepo = ReturnType<typeof createPortfolioImportRepo>;
