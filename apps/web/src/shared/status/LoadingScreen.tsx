import { Spin } from 'antd';

export function LoadingScreen({ label = 'Carregando…' }: { label?: string }) {
  return (
    <div className="status-screen" role="status" aria-busy="true">
      <Spin size="large" description={label} />
    </div>
  );
}
