import { describe, expect, it } from 'vitest';
import { checkWalletRows, walletRow, type WalletLinkRow } from './walletLinks';

const row = (overrides: Partial<WalletLinkRow>): WalletLinkRow => ({
  ...walletRow(),
  customer_code: '101',
  ...overrides,
});

describe('checkWalletRows', () => {
  it('ignores the rows without an ERP project', () => {
    const result = checkWalletRows([row({ customer_code: null }), row({ customer_code: ' ' }), row({})]);
    expect(result).toEqual({ ok: true, links: [{ customer_code: '101', layer_id: null }] });
  });

  it('refuses a row with Vincular etapa ticked and no stage', () => {
    expect(checkWalletRows([row({ linkStage: true })])).toEqual({ ok: false, message: 'Selecione a etapa.' });
  });

  it('refuses the same project and stage twice', () => {
    const rows = [row({ linkStage: true, layer_id: 7 }), row({ linkStage: true, layer_id: 7 })];
    expect(checkWalletRows(rows)).toEqual({
      ok: false,
      message: 'Não é permitido repetir o mesmo projeto e etapa.',
    });
  });

  it('accepts one project with two stages and one stage with two projects', () => {
    const rows = [
      row({ customer_code: '101', linkStage: true, layer_id: 7 }),
      row({ customer_code: '101', linkStage: true, layer_id: 8 }),
      row({ customer_code: '102', linkStage: true, layer_id: 7 }),
    ];
    expect(checkWalletRows(rows)).toEqual({
      ok: true,
      links: [
        { customer_code: '101', layer_id: 7 },
        { customer_code: '101', layer_id: 8 },
        { customer_code: '102', layer_id: 7 },
      ],
    });
  });

  it('merges the same project without stage given twice (dedupe by customer_code and layer_id)', () => {
    expect(checkWalletRows([row({ customer_code: ' 101 ' }), row({ customer_code: '101' })])).toEqual({
      ok: true,
      links: [{ customer_code: '101', layer_id: null }],
    });
  });

  it('drops the stage of a row whose Vincular etapa is not ticked', () => {
    expect(checkWalletRows([row({ linkStage: false, layer_id: 7 })])).toEqual({
      ok: true,
      links: [{ customer_code: '101', layer_id: null }],
    });
  });
});

describe('walletRow', () => {
  it('ticks Vincular etapa for a saved link with a stage', () => {
    expect(walletRow({ customer_code: '9', layer_id: 3 })).toMatchObject({ linkStage: true, layer_id: 3 });
    expect(walletRow({ customer_code: '9', layer_id: null })).toMatchObject({ linkStage: false });
  });
});
