import {
  INFORMATION_LIMITS,
  lotOfName,
  SALES_STATUS_KEYS,
  SALES_STATUS_LABELS,
  type InformationUpdate,
  type SalesStatusKey,
  type SalesStatusMapping,
  type UnitFields,
} from '@mirante/shared';
import type { ErpDefault, ErpSale, ErpUnit } from '../connectors/erp-connector';

/** A lot of the allotment as the synchronisation matches it. */
export interface LotRef {
  layerId: number;
  name: string;
  block: string | null;
  stage: string | null;
  customerCode: string | null;
}

export type SaleFields = Partial<Omit<InformationUpdate, 'layer_id'>>;

/** ' jdp-q01-l05 ' → 'JDP-Q01-L05': codes compared without case or surrounding blanks. */
export function normaliseCode(value: string | null | undefined): string | null {
  const trimmed = value?.trim().toUpperCase();
  return trimmed ? trimmed : null;
}

/**
 * A block or lot as compared: its number without prefix or leading zeros when it has one number ('Q01',
 * 'Quadra 1', '01' → '1'; 'Lote 05' → '5'), else the code itself ('A' → 'A').
 */
export function normaliseNumber(value: string | null | undefined): string | null {
  const code = normaliseCode(value);
  if (!code) return null;
  const digits = /^[^\d]*?(\d+)[^\d]*$/.exec(code);
  return digits?.[1] ? String(Number(digits[1])) : code;
}

/**
 * A unit's value for a mapped key: the ERP field the customer chose (the entities and their fields unit-field mapping) when the unit
 * has it, else what the connector parsed (label for lot_code, block, lot).
 */
export function unitValue(unit: ErpUnit, key: keyof UnitFields, fields: UnitFields): string | null {
  const mapped = fields[key];
  const value = mapped in unit.fields ? unit.fields[mapped] : undefined;
  if (value !== undefined && value !== null && value.trim() !== '') return value;
  if (key === 'lot_code') return unit.label;
  if (key === 'block') return unit.block;
  if (key === 'lot') return unit.lot;
  return null;
}

/**
 * ERP units to lots: first by lot code (the lot's customer_code), then by block and lot number (the lot is
 * its name's second word). A lot takes at most one unit.
 */
export function matchUnits(
  units: readonly ErpUnit[],
  lots: readonly LotRef[],
  fields: UnitFields,
): { matched: { unit: ErpUnit; lot: LotRef }[]; unmatched: ErpUnit[] } {
  const byCode = new Map<string, LotRef>();
  const byBlockLot = new Map<string, LotRef>();
  for (const lot of lots) {
    const code = normaliseCode(lot.customerCode);
    if (code && !byCode.has(code)) byCode.set(code, lot);
    const block = normaliseNumber(lot.block);
    const number = normaliseNumber(lotOfName(lot.name));
    if (block && number) byBlockLot.set(`${block}\u0000${number}`, lot);
  }
  const taken = new Set<number>();
  const matched: { unit: ErpUnit; lot: LotRef }[] = [];
  const unmatched: ErpUnit[] = [];
  for (const unit of units) {
    const code = normaliseCode(unitValue(unit, 'lot_code', fields));
    const block = normaliseNumber(unitValue(unit, 'block', fields));
    const number = normaliseNumber(unitValue(unit, 'lot', fields));
    const lot =
      (code ? byCode.get(code) : undefined) ??
      (block && number ? byBlockLot.get(`${block}\u0000${number}`) : undefined);
    if (lot && !taken.has(lot.layerId)) {
      taken.add(lot.layerId);
      matched.push({ unit, lot });
    } else unmatched.push(unit);
  }
  return { matched, unmatched };
}

/** Sienge's commercialStock letters that have an app status (the vendor's documentation); M, L, T and E have none. */
const SIENGE_STOCK: Partial<Record<string, SalesStatusKey>> = {
  D: 'disponivel',
  C: 'reservado',
  P: 'proposta',
  V: 'vendido',
  R: 'fora_venda',
};

const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

/**
 * The lot's unit status (the sales-status label) from the unit's ERP status: an integer through the customer's
 * sales-status mapping (UAU), a commercialStock letter (Sienge), or a label (Mega's situação). A settled sale
 * makes it 'Quitado'. null: the ERP said nothing the mapping knows, so nothing is written.
 */
export function unitStatusLabel(
  unit: ErpUnit,
  sale: ErpSale | null,
  mapping: SalesStatusMapping,
): string | null {
  if (sale && /quit/i.test(sale.status ?? '')) return SALES_STATUS_LABELS.quitado;
  const status = unit.status?.trim();
  if (!status) return null;
  if (/^\d+$/.test(status)) {
    const key = SALES_STATUS_KEYS.find((k) => mapping[k] === Number(status));
    return key ? SALES_STATUS_LABELS[key] : null;
  }
  const letter = SIENGE_STOCK[status.toUpperCase()];
  if (status.length === 1) return letter ? SALES_STATUS_LABELS[letter] : null;
  const label = plain(status);
  const key = SALES_STATUS_KEYS.find((k) => {
    const known = plain(SALES_STATUS_LABELS[k]);
    return label === known || label.startsWith(known.slice(0, 5));
  });
  return key ? SALES_STATUS_LABELS[key] : null;
}

/** The unit's live sale: the one it names, else one listing it; cancelled sales do not count. */
export function saleOfUnit(unit: ErpUnit, sales: readonly ErpSale[]): ErpSale | null {
  const live = sales.filter((sale) => !sale.cancelled);
  return (
    (unit.saleCode ? live.find((sale) => sale.code === unit.saleCode) : undefined) ??
    live.find((sale) => sale.unitIds.includes(unit.id)) ??
    null
  );
}

const fits = (value: string | null, max: number) => (value && value.length <= max ? value : undefined);
const money = (value: number | null) =>
  value !== null && value >= 0 && value <= INFORMATION_LIMITS.money
    ? Math.round(value * 100) / 100
    : undefined;

/**
 * What the ERP says about one lot, as finance fields. Only what the ERP sent is set: a unit without a sale
 * leaves the sale fields as they are (never deleted); a code longer than the column allows is left out.
 */
export function lotUpdate(
  unit: ErpUnit,
  sale: ErpSale | null,
  debt: ErpDefault | null,
  mapping: SalesStatusMapping,
): SaleFields {
  const update: SaleFields = {};
  const status = unitStatusLabel(unit, sale, mapping);
  if (status) update.status_unidade = status;
  if (!sale) return update;
  const set = <K extends keyof SaleFields>(key: K, value: SaleFields[K] | undefined) => {
    if (value !== undefined && value !== null) update[key] = value;
  };
  set('codigo_venda', fits(sale.code, INFORMATION_LIMITS.codes));
  set('data_venda', sale.date ?? undefined);
  set('valor_venda', money(sale.value));
  set('codigo_comprador', fits(sale.buyerCode, INFORMATION_LIMITS.codes));
  set('nome_comprador', sale.buyerName?.trim().slice(0, INFORMATION_LIMITS.nomeComprador) || undefined);
  const overdue = debt?.overdueCount ?? 0;
  update.qtde_parcelas_vencidas = overdue;
  update.valor_inadimplencia = money(debt?.value ?? 0) ?? 0;
  update.status =
    status === SALES_STATUS_LABELS.quitado ? 'Quitado' : overdue > 0 ? 'Inadimplente' : 'Adimplente';
  return update;
}
