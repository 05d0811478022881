import { Card } from 'antd';
import type { FinanceTotals } from '@mirante/shared';
import { formatCount, formatMoney } from '../model/format';

/**
 * The six indicator cards of the finance page (totals as the business limits defines them, over the filtered rows), and the count
 * of lots with an alert, which filters to them when clicked.
 */
export function IndicatorCards({ totals, onShowAlerts }: { totals: FinanceTotals; onShowAlerts(): void }) {
  const cards = [
    { key: 'total', title: 'Total de lotes', value: formatCount(totals.totalLots) },
    { key: 'sold', title: 'Lotes vendidos/quitados', value: formatCount(totals.soldLots) },
    { key: 'constructions', title: 'Lotes com construções', value: formatCount(totals.constructions) },
    { key: 'sales', title: 'Valor total de vendas', value: formatMoney(totals.salesValue) },
    { key: 'defaults', title: 'Inadimplentes', value: formatCount(totals.defaults) },
    { key: 'defaultValue', title: 'Valor total inadimplente', value: formatMoney(totals.defaultValue) },
  ];
  return (
    <div className="finance-cards" data-testid="finance-indicators">
      {cards.map((card) => (
        <Card key={card.key} size="small" className="finance-card" data-testid={`indicator-${card.key}`}>
          <div className="finance-card__title">{card.title}</div>
          <div className="finance-card__value">{card.value}</div>
        </Card>
      ))}
      <Card
        size="small"
        className="finance-card finance-card--alerts"
        data-testid="indicator-alerts"
        hoverable
        onClick={onShowAlerts}
        title={undefined}
      >
        <div className="finance-card__title">Alertas (vendas × imagens)</div>
        <div className="finance-card__value">{formatCount(totals.alerts)}</div>
      </Card>
    </div>
  );
}
