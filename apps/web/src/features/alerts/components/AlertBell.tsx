import { useState } from 'react';
import { Badge, Button, Popover, Tooltip } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useAlerts } from '../api';
import { ALERT_TEXTS, unreadLabel } from '../texts';
import { AlertList } from './AlertList';

/** The header's bell: the unread count, and the user's latest alerts in a panel. */
export function AlertBell() {
  const [open, setOpen] = useState(false);
  const alerts = useAlerts();
  const unread = alerts.data?.unread ?? 0;
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      title={ALERT_TEXTS.title}
      content={<AlertList query={alerts} onNavigate={() => setOpen(false)} />}
      classNames={{ root: 'alert-bell__popover' }}
    >
      <Tooltip title={open ? undefined : ALERT_TEXTS.bell}>
        <Button type="text" className="top-bar__icon alert-bell" aria-label={unreadLabel(unread)}>
          <Badge count={unread} size="small" overflowCount={99} offset={[2, -2]}>
            <BellOutlined aria-hidden className="alert-bell__icon" />
          </Badge>
        </Button>
      </Tooltip>
    </Popover>
  );
}
