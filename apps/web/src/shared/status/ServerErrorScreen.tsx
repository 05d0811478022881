import { Button } from 'antd';
import { StatusScreen } from './StatusScreen';

export function ServerErrorScreen({ detail, onRetry }: { detail?: string; onRetry?: () => void }) {
  return (
    <StatusScreen
      status="500"
      title="Ops, ocorreu algum erro no servidor"
      subTitle={detail ?? 'Tente novamente em alguns instantes.'}
      extra={onRetry ? <Button onClick={onRetry}>Tentar novamente</Button> : undefined}
      testId="server-error"
    />
  );
}
