import type { ColumnType, Generated } from 'kysely';

type Numeric = ColumnType<number, number | string, number | string>;
/** date: read as YYYY-MM-DD text (our pg type parser). */
type DateText = ColumnType<string, string, string>;

/** Migration 016: one lot's sale data (the entities and their fields Information / Sale information). */
export interface LotInformationsTable {
  layerId: number;
  projectId: number;
  codigoComprador: string | null;
  nomeComprador: string | null;
  /** Migration 019: CPF or CNPJ without its mask. */
  cpfCnpjComprador: string | null;
  statusUnidade: string | null;
  status: string | null;
  valorVenda: Numeric | null;
  valorInadimplencia: Numeric | null;
  qtdeParcelasVencidas: number | null;
  codigoVenda: string | null;
  dataVenda: DateText | null;
  inscricaoIptu: string | null;
  termoPosse: boolean | null;
  escritura: boolean | null;
  registro: boolean | null;
  statusConstrucao: string | null;
  statusEscritura: string | null;
  notas: string | null;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
  updatedBy: number | null;
}

export type InformationSource = 'manual' | 'import' | 'integration' | 'demo';

/** Migration 016: who changed which field of a lot's sale data, when, old → new. */
export interface LotInformationChangesTable {
  id: Generated<string>;
  layerId: number;
  projectId: number;
  field: string;
  oldValue: string | null;
  newValue: string | null;
  changedBy: number | null;
  changedByName: string | null;
  changedAt: ColumnType<Date, Date | string | undefined, never>;
  source: InformationSource;
}
