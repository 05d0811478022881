import type { Layer } from '@mirante/shared';
import { PRICE_BANDS, priceBandIndex } from './priceBands';

export interface PriceSummary {
  lots: number;
  priced: number;
  average: number | null;
  min: number | null;
  max: number | null;
  /** Lots per band, in PRICE_BANDS order. */
  perBand: number[];
}

/** The details tab's figures: how many lots have a price per m², its average, range and lots per band. */
export function priceSummary(layers: readonly Layer[]): PriceSummary {
  const prices = layers
    .filter((layer) => layer.type === 'LOT')
    .map((layer) => layer.price ?? 0)
    .filter((price) => price > 0);
  const perBand = PRICE_BANDS.map(() => 0);
  for (const price of prices) perBand[priceBandIndex(price)] = (perBand[priceBandIndex(price)] ?? 0) + 1;
  const total = prices.reduce((sum, price) => sum + price, 0);
  return {
    lots: layers.filter((layer) => layer.type === 'LOT').length,
    priced: prices.length,
    average: prices.length > 0 ? total / prices.length : null,
    min: prices.length > 0 ? Math.min(...prices) : null,
    max: prices.length > 0 ? Math.max(...prices) : null,
    perBand,
  };
}
