import { ToolOutlined } from '@ant-design/icons';
import { StatusScreen } from './StatusScreen';

export function UnderConstructionScreen({ title }: { title?: string }) {
  return (
    <StatusScreen
      icon={<ToolOutlined aria-hidden className="status-icon" />}
      title="Página em construção"
      subTitle={
        title
          ? `${title}: esta página está em construção e estará disponível em breve.`
          : 'Esta página está em construção e estará disponível em breve.'
      }
      testId="under-construction"
    />
  );
}
