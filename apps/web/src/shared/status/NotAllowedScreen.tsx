import { MESSAGES } from '@mirante/shared';
import { StatusScreen } from './StatusScreen';

export function NotAllowedScreen() {
  return (
    <StatusScreen
      status="403"
      title={MESSAGES.accessDenied}
      subTitle={MESSAGES.noPermission}
      testId="not-allowed"
    />
  );
}
