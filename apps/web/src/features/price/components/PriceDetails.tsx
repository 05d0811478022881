import { Descriptions, Empty, Tag, Typography } from 'antd';
import { SALE_ALERT_NAMES, type Layer, type SaleAlert } from '@mirante/shared';
import { lotTitle } from '../../map/style/labels';
import { priceText } from '../style/priceBands';
import type { PriceSummary } from '../style/priceSummary';

export interface PriceDetailsProps {
  summary: PriceSummary;
  lot: Layer | null;
  alerts: readonly SaleAlert[];
}

const area = (value: number) => `${value.toLocaleString('pt-BR', { maximumFractionDigits: 2 })} m²`;

/** The details tab: the project's price figures and the clicked lot. */
export function PriceDetails({ summary, lot, alerts }: PriceDetailsProps) {
  return (
    <>
      <Descriptions size="small" column={1} bordered title="Empreendimento">
        <Descriptions.Item label="Lotes">{summary.lots}</Descriptions.Item>
        <Descriptions.Item label="Lotes com preço">{summary.priced}</Descriptions.Item>
        <Descriptions.Item label="Preço médio">
          {summary.average === null ? '—' : priceText(summary.average)}
        </Descriptions.Item>
        <Descriptions.Item label="Menor / maior">
          {summary.min === null || summary.max === null
            ? '—'
            : `${priceText(summary.min)} / ${priceText(summary.max)}`}
        </Descriptions.Item>
      </Descriptions>
      <div className="price-lot" data-testid="price-lot-details">
        {lot ? (
          <Descriptions size="small" column={1} bordered title={lotTitle(lot)}>
            <Descriptions.Item label="Área">{area(lot.area)}</Descriptions.Item>
            <Descriptions.Item label="Preço por m²">
              {lot.price && lot.price > 0 ? priceText(lot.price) : 'Sem valor de venda'}
            </Descriptions.Item>
            {alerts.length > 0 && (
              <Descriptions.Item label="Alertas">
                {alerts.map((alert) => (
                  <div key={alert.type}>
                    <Tag color="red">{SALE_ALERT_NAMES[alert.type]}</Tag>
                    <Typography.Text type="secondary">{alert.text}</Typography.Text>
                  </div>
                ))}
              </Descriptions.Item>
            )}
          </Descriptions>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Clique em um lote para ver o seu preço." />
        )}
      </div>
    </>
  );
}
