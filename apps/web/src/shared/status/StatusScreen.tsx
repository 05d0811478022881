import type { ReactNode } from 'react';
import { Result } from 'antd';
import type { ResultProps } from 'antd';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  WarningFilled,
} from '@ant-design/icons';

/** antd's status icons, hidden: named by their files in English ('warning'); the title says it all. */
const STATUS_ICONS: Partial<Record<string, ReactNode>> = {
  success: <CheckCircleFilled aria-hidden />,
  error: <CloseCircleFilled aria-hidden />,
  info: <ExclamationCircleFilled aria-hidden />,
  warning: <WarningFilled aria-hidden />,
};

export interface StatusScreenProps {
  status?: ResultProps['status'];
  icon?: ReactNode;
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
  testId?: string;
}

/** The common frame of every status screen: centred, calm, one message and an optional action. */
export function StatusScreen({ status, icon, title, subTitle, extra, testId }: StatusScreenProps) {
  return (
    <div className="status-screen" data-testid={testId} role="status">
      <Result
        status={status}
        icon={icon ?? (status === undefined ? undefined : STATUS_ICONS[String(status)])}
        title={title}
        subTitle={subTitle}
        extra={extra}
      />
    </div>
  );
}
