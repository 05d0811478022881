/** One price-per-m² band of the business limits: its upper limit in R$/m², colour, heat-map weight and legend text. */
export interface PriceBand {
  key: string;
  /** Inclusive upper limit in R$/m²; null for the last band ('above 500'). */
  max: number | null;
  color: string;
  weight: number;
  label: string;
}

/**
 * The business limits: colours up to 100, 200, 300, 400, 500 and above 500 R$/m² (six different colours, cheap to dear),
 * bands 'up to 100', '101-200', '201-300', '301-400', '401-500', 'above 500', heat weights 0.1, 0.2, 0.3, 0.6,
 * 0.9 and 1.
 */
export const PRICE_BANDS: readonly PriceBand[] = [
  { key: 'ate-100', max: 100, color: '#2b83ba', weight: 0.1, label: 'Até R$ 100' },
  { key: '101-200', max: 200, color: '#64bfa4', weight: 0.2, label: 'R$ 101 - 200' },
  { key: '201-300', max: 300, color: '#bfe5a0', weight: 0.3, label: 'R$ 201 - 300' },
  { key: '301-400', max: 400, color: '#fed790', weight: 0.6, label: 'R$ 301 - 400' },
  { key: '401-500', max: 500, color: '#f88d52', weight: 0.9, label: 'R$ 401 - 500' },
  { key: 'acima-500', max: null, color: '#d7191c', weight: 1, label: 'Acima de R$ 500' },
];

/** The business limits: the heat layer's radius and the zoom at which it reaches full intensity. */
export const HEAT_MAP = { radius: 15, maxZoom: 18 } as const;

/** The index in PRICE_BANDS of a price per m² ('up to 100' holds 100.00; 100.01 is in '101-200'). */
export function priceBandIndex(price: number): number {
  const index = PRICE_BANDS.findIndex((band) => band.max !== null && price <= band.max);
  return index < 0 ? PRICE_BANDS.length - 1 : index;
}

const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', maximumFractionDigits: 0 });
const BRL_CENTS = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** The lot's tag on the price map: the price per m² in whole reais ('R$ 245'). */
export const priceTag = (price: number): string => BRL.format(Math.round(price)).replace(/\u00a0/g, ' ');

/** A price per m² with cents and its unit, for the details tab ('R$ 245,37/m²'). */
export const priceText = (price: number): string => `${BRL_CENTS.format(price).replace(/\u00a0/g, ' ')}/m²`;
