import { describe, expect, it } from 'vitest';
import { monthsBetween, saleAlerts, type AlertInput } from './sale-alerts';

const lot = (overrides: Partial<AlertInput>): AlertInput => ({
  statusUnidade: null,
  dataVenda: null,
  valorInadimplencia: null,
  lastStatus: null,
  lastDate: null,
  previousStatus: null,
  ...overrides,
});
const kinds = (input: Partial<AlertInput>, months = 12) => saleAlerts(lot(input), months).map((a) => a.type);

describe('monthsBetween', () => {
  it('counts a month once its day is reached', () => {
    expect(monthsBetween('2025-03-10', '2026-03-09')).toBe(11);
    expect(monthsBetween('2025-03-10', '2026-03-10')).toBe(12);
    expect(monthsBetween('2025-12-31', '2026-01-01')).toBe(0);
  });
});

describe('saleAlerts', () => {
  it('no imagery, no alert', () => {
    expect(kinds({ statusUnidade: 'Vendida', dataVenda: '2020-01-01' })).toEqual([]);
  });

  it('sold or paid off and still empty N months after the sale (the window is configurable)', () => {
    const sold = {
      statusUnidade: 'Vendida',
      dataVenda: '2025-01-15',
      lastStatus: 'V',
      lastDate: '2026-01-15',
    };
    expect(kinds(sold)).toEqual(['sold_empty']);
    expect(kinds({ ...sold, statusUnidade: 'Quitado' })).toEqual(['sold_empty']);
    expect(kinds({ ...sold, lastDate: '2026-01-14' })).toEqual([]);
    expect(kinds(sold, 13)).toEqual([]);
    expect(kinds({ ...sold, lastStatus: 'B' })).toEqual([]);
    expect(kinds({ ...sold, statusUnidade: 'Reservado' })).toEqual([]);
    expect(kinds({ ...sold, dataVenda: null })).toEqual([]);
  });

  it('construction or invasion on a lot not sold: possible invasion', () => {
    for (const status of ['B', 'E', 'C', 'I'])
      expect(kinds({ statusUnidade: 'Disponível', lastStatus: status, lastDate: '2026-01-01' })).toEqual([
        'built_unsold',
      ]);
    expect(kinds({ lastStatus: 'C', lastDate: '2026-01-01' })).toEqual(['built_unsold']);
    expect(kinds({ statusUnidade: 'Disponível', lastStatus: 'V', lastDate: '2026-01-01' })).toEqual([]);
    expect(kinds({ statusUnidade: 'Disponível', lastStatus: 'O', lastDate: '2026-01-01' })).toEqual([]);
    expect(kinds({ statusUnidade: 'Vendida', lastStatus: 'C', lastDate: '2026-01-01' })).toEqual([]);
    expect(saleAlerts(lot({ lastStatus: 'I', lastDate: '2026-01-01' }), 12)[0]?.text).toBe(
      'Invasão detectada na imagem de 01/01/2026; unidade sem venda registrada.',
    );
  });

  it('in default while the construction advances', () => {
    const debt = { statusUnidade: 'Vendida', valorInadimplencia: 1500, lastDate: '2026-01-01' };
    expect(kinds({ ...debt, lastStatus: 'E', previousStatus: 'E' })).toEqual(['default_building']);
    expect(kinds({ ...debt, lastStatus: 'B', previousStatus: 'V' })).toEqual(['default_building']);
    expect(kinds({ ...debt, lastStatus: 'C', previousStatus: 'E' })).toEqual(['default_building']);
    expect(kinds({ ...debt, lastStatus: 'C', previousStatus: 'C' })).toEqual([]);
    expect(kinds({ ...debt, lastStatus: 'V', previousStatus: 'V' })).toEqual([]);
    expect(kinds({ ...debt, valorInadimplencia: 0, lastStatus: 'E' })).toEqual([]);
    expect(saleAlerts(lot({ ...debt, lastStatus: 'C', previousStatus: 'E' }), 12)[0]?.text).toBe(
      'Inadimplente (R$\u00a01.500,00) com a obra avançando: Em construção → Construído na imagem de 01/01/2026.',
    );
  });
});
