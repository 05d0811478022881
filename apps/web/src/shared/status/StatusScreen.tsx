import type { ReactNode } from 'react';
import { Result } from 'antd';
import type { ResultProps } from 'antd';

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
      <Result status={status} icon={icon} title={title} subTitle={subTitle} extra={extra} />
    </div>
  );
}
