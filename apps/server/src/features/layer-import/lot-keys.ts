/** Lot identity across imports: by customer code, or by quadra + lote. */

const normalise = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toUpperCase()
    .replace(/\s+/g, ' ')
    // '07' and '7' are the same lot number.
    .replace(/^0+(?=\d)/, '');

export interface LotIdentity {
  block: string | null;
  /** The lot number (tag_value, else name). */
  lot: string | null;
  customerCode: string | null;
}

export const codeKey = (lot: LotIdentity) => (lot.customerCode ? normalise(lot.customerCode) : null);

export const blockLotKey = (lot: LotIdentity) =>
  lot.lot ? `${lot.block ? normalise(lot.block) : ''}|${normalise(lot.lot)}` : null;

/** Other layers (blocks, APPs…) are recognised by type, name and block. */
export const layerKey = (type: string, name: string, block: string | null) =>
  `${type}|${normalise(name)}|${block ? normalise(block) : ''}`;
