import { describe, expect, it } from 'vitest';
import { shareLinkState, shareLinkSummary } from './shareSummary';

describe('shareLinkSummary', () => {
  it('says what each kind of link shows, in pt-BR', () => {
    expect(
      shareLinkSummary({
        kind: 'map',
        date: '2026-06-10',
        before_date: null,
        compare_mode: null,
        lot_name: null,
      }),
    ).toBe('Mapa numa data: 10/06/2026');
    expect(
      shareLinkSummary({
        kind: 'compare',
        date: '2026-06-10',
        before_date: '2026-01-10',
        compare_mode: 'cortina',
        lot_name: null,
      }),
    ).toBe('Comparação de datas: 10/01/2026 → 10/06/2026 (Cortina)');
    expect(
      shareLinkSummary({
        kind: 'lot',
        date: null,
        before_date: null,
        compare_mode: null,
        lot_name: 'Lote 07',
      }),
    ).toBe('Histórico de um lote: Lote 07');
  });
});

describe('shareLinkState', () => {
  it('is revoked before expired before active', () => {
    const now = Date.parse('2026-07-01T00:00:00Z');
    expect(
      shareLinkState({ revoked_at: '2026-06-01T00:00:00Z', expires_at: '2026-08-01T00:00:00Z' }, now),
    ).toBe('Revogado');
    expect(shareLinkState({ revoked_at: null, expires_at: '2026-06-30T00:00:00Z' }, now)).toBe('Expirado');
    expect(shareLinkState({ revoked_at: null, expires_at: '2026-08-01T00:00:00Z' }, now)).toBe('Ativo');
  });
});
