import { describe, expect, it } from 'vitest';
import type { InformationRow } from '../api/informations';
import { filterInformations, searchInformations } from './information-filters';
import { compareCells, financeTotals, isSoldStatus, lotOfName } from './informations';

const row = (overrides: Partial<InformationRow>): InformationRow => ({
  layer_id: 1,
  name: 'Lote 1',
  block: 'A',
  stage: null,
  codigo_lote: null,
  codigo_comprador: null,
  nome_comprador: null,
  cpf_cnpj_comprador: null,
  status_unidade: null,
  status: null,
  ult_deteccao: null,
  ult_deteccao_data: null,
  valor_venda: null,
  valor_inadimplencia: null,
  qtde_parcelas_vencidas: null,
  codigo_venda: null,
  data_venda: null,
  inscricao_iptu: null,
  termo_posse: null,
  escritura: null,
  registro: null,
  status_construcao: null,
  status_escritura: null,
  notas: null,
  obs: null,
  alertas: [],
  ...overrides,
});

describe('the business limits totals', () => {
  it('sold/paid = unit status beginning Vend or Quit; constructions = last detection C or E; default > 0', () => {
    const rows = [
      row({ status_unidade: 'Vendida', ult_deteccao: 'C', valor_venda: 100.1, valor_inadimplencia: 0 }),
      row({ status_unidade: 'Quitado', ult_deteccao: 'E', valor_venda: 200.2 }),
      row({ status_unidade: 'vendido', ult_deteccao: 'B', valor_inadimplencia: 50.05 }),
      row({ status_unidade: 'Escriturado', ult_deteccao: 'I', valor_inadimplencia: 10 }),
      row({ status_unidade: 'Disponível', alertas: [{ type: 'built_unsold', text: '' }] }),
    ];
    expect(financeTotals(rows)).toEqual({
      totalLots: 5,
      soldLots: 3,
      constructions: 2,
      salesValue: 300.3,
      defaults: 2,
      defaultValue: 60.05,
      alerts: 1,
    });
    expect(isSoldStatus(' Quitada')).toBe(true);
    expect(isSoldStatus('Reservado')).toBe(false);
  });
});

describe('filterInformations without filters', () => {
  it('keeps every row, in order, in a new list', () => {
    const rows = [row({ layer_id: 2 }), row({ layer_id: 1, block: null })];
    const kept = filterInformations(rows, { blocks: undefined });
    expect(kept).toEqual(rows);
    expect(kept).not.toBe(rows);
  });
});

describe('total sales value', () => {
  it("sums the sale values of the lots the business limits counts as sold or paid off; an unsold lot's list price is no sale", () => {
    const rows = [
      row({ status_unidade: 'Vendida', valor_venda: 100_000 }),
      row({ status_unidade: 'Quitado', valor_venda: 50_000.5 }),
      row({ status_unidade: 'Disponível', valor_venda: 90_000 }),
      row({ status_unidade: 'Reservado', valor_venda: 80_000 }),
      row({ status_unidade: null, valor_venda: 70_000 }),
    ];
    expect(financeTotals(rows).salesValue).toBe(150_000.5);
  });
});

describe('lotOfName', () => {
  it('is the second word, else S\\N', () => {
    expect(lotOfName('Lote 12')).toBe('12');
    expect(lotOfName('Lote')).toBe('S\\N');
    expect(lotOfName('')).toBe('S\\N');
  });

  it('is the name itself when the name is one word holding a digit (lots imported by their number)', () => {
    expect(lotOfName('12')).toBe('12');
    expect(lotOfName(' 07A ')).toBe('07A');
    expect(lotOfName('Lote')).toBe('S\\N');
  });
});

describe('compareCells: numbers, then dates, then text; empty last', () => {
  it('orders each kind', () => {
    expect(['10', '9', '100'].sort(compareCells)).toEqual(['9', '10', '100']);
    expect([2.5, 10, -1].sort(compareCells)).toEqual([-1, 2.5, 10]);
    expect(['2025-03-01', '2024-12-31', '2025-01-15'].sort(compareCells)).toEqual([
      '2024-12-31',
      '2025-01-15',
      '2025-03-01',
    ]);
    expect(['Quadra 10', 'Quadra 2', 'álamo', 'Beta'].sort(compareCells)).toEqual([
      'álamo',
      'Beta',
      'Quadra 2',
      'Quadra 10',
    ]);
    expect([null, 'b', '', 'a'].sort(compareCells)).toEqual(['a', 'b', null, '']);
  });
});

describe('filters and search', () => {
  const rows = [
    row({
      layer_id: 1,
      block: 'A',
      status_unidade: 'Vendida',
      ult_deteccao: 'C',
      nome_comprador: 'José Álvares',
    }),
    row({ layer_id: 2, block: null, name: 'Lote 2', alertas: [{ type: 'sold_empty', text: '' }] }),
  ];
  const ids = (list: InformationRow[]) => list.map((item) => item.layer_id);

  it('keeps a row whose value is in each given list; S\\N, X and none stand for empty', () => {
    expect(ids(filterInformations(rows, {}))).toEqual([1, 2]);
    expect(ids(filterInformations(rows, { blocks: ['S\\N'] }))).toEqual([2]);
    expect(ids(filterInformations(rows, { detectTypes: ['X'] }))).toEqual([2]);
    expect(ids(filterInformations(rows, { statusUnity: ['Vendida'] }))).toEqual([1]);
    expect(ids(filterInformations(rows, { alerts: ['none'] }))).toEqual([1]);
    expect(ids(filterInformations(rows, { alerts: ['sold_empty'] }))).toEqual([2]);
    expect(ids(filterInformations(rows, { lots: ['2'] }))).toEqual([2]);
    expect(ids(filterInformations(rows, { blocks: [] }))).toEqual([]);
  });

  it('searches every text column, case- and accent-insensitively', () => {
    expect(ids(searchInformations(rows, 'jose alv'))).toEqual([1]);
    expect(ids(searchInformations(rows, '  '))).toEqual([1, 2]);
  });
});
