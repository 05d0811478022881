import { Tag, Tooltip } from 'antd';
import { SALE_ALERT_NAMES, type SaleAlert, type SaleAlertType } from '@mirante/shared';

export const ALERT_COLORS: Record<SaleAlertType, string> = {
  sold_empty: 'gold',
  built_unsold: 'red',
  default_building: 'volcano',
};

/** The sales-against-imagery alerts of a lot as tags; the reason in a tooltip (compact) or beside it. */
export function AlertTags({ alerts, compact = false }: { alerts: readonly SaleAlert[]; compact?: boolean }) {
  if (alerts.length === 0) return null;
  if (!compact) {
    return (
      <ul className="finance-alerts">
        {alerts.map((alert) => (
          <li key={alert.type}>
            <Tag color={ALERT_COLORS[alert.type]}>{SALE_ALERT_NAMES[alert.type]}</Tag> {alert.text}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <>
      {alerts.map((alert) => (
        <Tooltip key={alert.type} title={alert.text}>
          <Tag color={ALERT_COLORS[alert.type]} data-testid={`alert-${alert.type}`}>
            {SALE_ALERT_NAMES[alert.type]}
          </Tag>
        </Tooltip>
      ))}
    </>
  );
}
