/**
 * Price per m² of a lot (the analysis pages 'Metro quadrado'): its sale value over its area, in R$/m²; none without a
 * positive sale value and area.
 */
export function pricePerSquareMetre(saleValue: number | null | undefined, area: number): number | null {
  if (saleValue === null || saleValue === undefined || !(saleValue > 0) || !(area > 0)) return null;
  return Math.round((saleValue / area) * 100) / 100;
}
