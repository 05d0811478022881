import { Empty } from 'antd';

export function EmptyScreen({ description = 'Nenhum registro encontrado.' }: { description?: string }) {
  return (
    <div className="status-screen" role="status">
      <Empty description={description} />
    </div>
  );
}
