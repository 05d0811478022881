import { Button, Checkbox, Segmented, Space, Typography } from 'antd';
import { PRICE_BANDS } from '../style/priceBands';
import type { PriceMapType } from '../style/priceStyles';

export interface PriceFiltersProps {
  mapType: PriceMapType;
  onMapType(type: PriceMapType): void;
  bands: string[];
  onBands(keys: string[]): void;
  perBand: number[];
  heatMap: boolean;
  onHeatMap(on: boolean): void;
  /** null: the alerts layer is not offered (no finance module). */
  alerts: { on: boolean; count: number } | null;
  onAlerts(on: boolean): void;
}

/** The analysis pages: map/satellite toggle, the price-per-m² bands as a filter, 'Mapa de calor'; plus the alerts layer. */
export function PriceFilters(props: PriceFiltersProps) {
  const all = PRICE_BANDS.map((band) => band.key);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Segmented
        block
        value={props.mapType}
        onChange={(value) => props.onMapType(value as PriceMapType)}
        options={[
          { label: 'Mapa', value: 'mapa' },
          { label: 'Satélite', value: 'satelite' },
        ]}
      />
      <div>
        <div className="price-bands__header">
          <Typography.Text strong>Preço por m²</Typography.Text>
          <span className="price-bands__links">
            <Button type="link" size="small" onClick={() => props.onBands(all)}>
              Selecionar todos
            </Button>
            <Button type="link" size="small" onClick={() => props.onBands([])}>
              Remover todos
            </Button>
          </span>
        </div>
        <Checkbox.Group
          className="price-bands"
          value={props.bands}
          onChange={(values) => props.onBands(values.map(String))}
        >
          {PRICE_BANDS.map((band, index) => (
            <Checkbox key={band.key} value={band.key}>
              <span className="price-swatch" style={{ background: band.color }} />
              {band.label} <Typography.Text type="secondary">({props.perBand[index] ?? 0})</Typography.Text>
            </Checkbox>
          ))}
        </Checkbox.Group>
      </div>
      <Checkbox checked={props.heatMap} onChange={(event) => props.onHeatMap(event.target.checked)}>
        Mapa de calor
      </Checkbox>
      {props.alerts && (
        <Checkbox checked={props.alerts.on} onChange={(event) => props.onAlerts(event.target.checked)}>
          Alertas de venda × imagem ({props.alerts.count})
        </Checkbox>
      )}
    </Space>
  );
}
