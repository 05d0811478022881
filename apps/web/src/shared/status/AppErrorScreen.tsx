import { Button } from 'antd';
import { StatusScreen } from './StatusScreen';

export function AppErrorScreen({ onReset }: { onReset?: () => void }) {
  return (
    <StatusScreen
      status="error"
      title="Ops, ocorreu algum erro na aplicação"
      subTitle="Recarregue a página. Se o problema continuar, fale com o suporte."
      extra={<Button onClick={onReset ?? (() => window.location.reload())}>Recarregar</Button>}
      testId="app-error"
    />
  );
}
