import { PRICE_BANDS } from '../style/priceBands';

/** The six colours of the business limits with their R$ bands, over the map. */
export function PriceLegend() {
  return (
    <div className="price-legend" aria-label="Legenda de preço por m²">
      <strong>Preço por m²</strong>
      {PRICE_BANDS.map((band) => (
        <div key={band.key}>
          <span className="price-swatch" style={{ background: band.color }} />
          {band.label}
        </div>
      ))}
    </div>
  );
}
