import { INTEGRATION_MESSAGES } from '@mirante/shared';

/** A row of the wallet-link modal of one allotment as the person left it. */
export interface WalletLinkRow {
  key: string;
  /** The ERP's project (wallet) chosen for the row, null while none is. */
  customer_code: string | null;
  /** 'Vincular etapa' ticked: the row needs a stage. */
  linkStage: boolean;
  layer_id: number | null;
}

export interface WalletLinkInput {
  customer_code: string;
  layer_id: number | null;
}

export type WalletRowsCheck = { ok: true; links: WalletLinkInput[] } | { ok: false; message: string };

/**
 * The validation rules Wallet link: a row without a project is ignored; a row with 'Vincular etapa' needs a stage; the same
 * project and stage may not repeat; the links are deduplicated by customer_code and layer_id (the same wallet
 * for the whole allotment twice is one link).
 */
export function checkWalletRows(rows: readonly WalletLinkRow[]): WalletRowsCheck {
  const links: WalletLinkInput[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const code = row.customer_code?.trim() ?? '';
    if (!code) continue;
    if (row.linkStage && row.layer_id === null)
      return { ok: false, message: INTEGRATION_MESSAGES.walletStageRequired };
    const layer = row.linkStage ? row.layer_id : null;
    const identity = `${code}\u0000${layer ?? ''}`;
    if (seen.has(identity)) {
      if (layer !== null) return { ok: false, message: INTEGRATION_MESSAGES.walletRepeated };
      continue;
    }
    seen.add(identity);
    links.push({ customer_code: code, layer_id: layer });
  }
  return { ok: true, links };
}

let nextKey = 0;

/** A new row, or one from a saved link. */
export function walletRow(link?: WalletLinkInput): WalletLinkRow {
  nextKey += 1;
  return {
    key: `row-${nextKey}`,
    customer_code: link?.customer_code ?? null,
    linkStage: link?.layer_id !== null && link?.layer_id !== undefined,
    layer_id: link?.layer_id ?? null,
  };
}
