import { DEFAULT_SALES_STATUS, DEFAULT_UNIT_FIELDS } from '@mirante/shared';
import { describe, expect, it } from 'vitest';
import type { ErpSale, ErpUnit } from '../connectors/erp-connector';
import { lotUpdate, matchUnits, normaliseNumber, unitStatusLabel } from './unit-matching';

const unit = (over: Partial<ErpUnit>): ErpUnit => ({
  id: 'u1',
  enterpriseCode: '1',
  label: 'Q01-L05',
  block: '01',
  lot: '05',
  status: '1',
  saleCode: null,
  fields: {},
  ...over,
});
const sale: ErpSale = {
  code: 'LOT01/6',
  enterpriseCode: '1',
  unitIds: ['u1'],
  buyerCode: '1006',
  buyerName: 'Ana Gomes',
  date: '2024-03-05',
  value: 120000,
  status: '0',
  cancelled: false,
};
const lots = [
  { layerId: 10, name: 'Lote 5', block: 'Q01', stage: null, customerCode: 'JDP-Q01-L05' },
  { layerId: 11, name: 'Lote 6', block: 'Q01', stage: null, customerCode: null },
];

describe('unit matching', () => {
  it('compares blocks and lots by their number', () => {
    expect(['Q01', 'Quadra 1', '01', '1'].map(normaliseNumber)).toEqual(['1', '1', '1', '1']);
    expect(normaliseNumber('A')).toBe('A');
  });

  it('matches by the mapped lot code first, then by block and lot', () => {
    const fields = { ...DEFAULT_UNIT_FIELDS, lot_code: 'Codigo' };
    const byCode = unit({ id: 'a', label: 'x', block: null, lot: null, fields: { Codigo: 'jdp-q01-l05' } });
    const byPair = unit({ id: 'b', label: 'Q01-L06', lot: '06' });
    const none = unit({ id: 'c', label: 'Q09-L01', block: '09', lot: '01' });
    const { matched, unmatched } = matchUnits([byCode, byPair, none], lots, fields);
    expect(matched.map((m) => [m.unit.id, m.lot.layerId])).toEqual([
      ['a', 10],
      ['b', 11],
    ]);
    expect(unmatched.map((u) => u.id)).toEqual(['c']);
  });

  it('reads the unit status through the sales-status mapping, Sienge letters and Mega labels', () => {
    expect(unitStatusLabel(unit({ status: '1' }), null, DEFAULT_SALES_STATUS)).toBe('Vendida');
    expect(unitStatusLabel(unit({ status: '6' }), null, DEFAULT_SALES_STATUS)).toBeNull();
    expect(unitStatusLabel(unit({ status: 'D' }), null, DEFAULT_SALES_STATUS)).toBe('Disponível');
    expect(unitStatusLabel(unit({ status: 'Reservada' }), null, DEFAULT_SALES_STATUS)).toBe('Reservado');
    expect(unitStatusLabel(unit({ status: 'V' }), { ...sale, status: 'Quitado' }, DEFAULT_SALES_STATUS)).toBe(
      'Quitado',
    );
  });

  it('writes the sale and its default, and leaves the sale fields alone for a unit without sale', () => {
    expect(
      lotUpdate(
        unit({}),
        sale,
        { saleCode: sale.code, overdueCount: 2, value: 1500.456, interest: 0, fine: 0 },
        DEFAULT_SALES_STATUS,
      ),
    ).toEqual({
      status_unidade: 'Vendida',
      codigo_venda: 'LOT01/6',
      data_venda: '2024-03-05',
      valor_venda: 120000,
      codigo_comprador: '1006',
      nome_comprador: 'Ana Gomes',
      qtde_parcelas_vencidas: 2,
      valor_inadimplencia: 1500.46,
      status: 'Inadimplente',
    });
    expect(lotUpdate(unit({ status: '0' }), null, null, DEFAULT_SALES_STATUS)).toEqual({
      status_unidade: 'Disponível',
    });
  });

  it('leaves out a sale code longer than the column allows (10)', () => {
    const update = lotUpdate(unit({}), { ...sale, code: 'TWELVECHARSX' }, null, DEFAULT_SALES_STATUS);
    expect(update.codigo_venda).toBeUndefined();
    expect(update.status).toBe('Adimplente');
  });
});
