import { Alert, Button, Empty, Spin } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AlertItem, AlertList as AlertListData } from '@mirante/shared';
import { useLocation, useNavigate } from 'react-router';
import { withToken } from '../../../shared/routing/withToken';
import { useReadAlerts } from '../api';
import { ALERT_TEXTS } from '../texts';

const when = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/** The bell's panel: each alert (unread ones marked), opening it marks it read and goes to its place. */
export function AlertList({
  query,
  onNavigate,
}: {
  query: UseQueryResult<AlertListData>;
  onNavigate: () => void;
}) {
  const read = useReadAlerts();
  const navigate = useNavigate();
  const location = useLocation();
  if (query.isPending) return <Spin className="alert-list__loading" />;
  if (query.isError) return <Alert type="error" showIcon title={ALERT_TEXTS.loadFailed} />;
  const { items, unread } = query.data;
  const open = (item: AlertItem) => {
    if (!item.read) read.mutate([item.id]);
    onNavigate();
    navigate(withToken(item.link, location.search));
  };
  return (
    <div className="alert-list">
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={ALERT_TEXTS.empty} />
      ) : (
        <ul className="alert-list__items" aria-label={ALERT_TEXTS.title}>
          {items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className={`alert-list__item${item.read ? '' : ' alert-list__item--unread'}`}
                onClick={() => open(item)}
              >
                <span className="alert-list__project">{item.project_name}</span>
                <span className="alert-list__title">{item.title}</span>
                <span className="alert-list__detail">{item.detail}</span>
                <span className="alert-list__when">{when.format(new Date(item.created_at))}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="alert-list__footer">
        <Button
          size="small"
          disabled={unread === 0}
          loading={read.isPending}
          onClick={() => read.mutate(undefined)}
        >
          {ALERT_TEXTS.readAll}
        </Button>
        <Button
          size="small"
          type="link"
          onClick={() => {
            onNavigate();
            navigate(withToken('/page/alerts', location.search));
          }}
        >
          {ALERT_TEXTS.preferences}
        </Button>
      </div>
    </div>
  );
}
