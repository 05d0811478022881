import { Alert, Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { INTEGRATION_MESSAGES } from '@mirante/shared';

/** The empty state of the linking step: the customer has no allotment to link. */
export function NoAllotmentsNotice({ onRetry }: { onRetry(): void }) {
  return (
    <Alert
      type="warning"
      showIcon
      title={INTEGRATION_MESSAGES.noAllotments}
      action={
        <Button icon={<ReloadOutlined aria-hidden />} onClick={onRetry}>
          Buscar novamente
        </Button>
      }
    />
  );
}
