import { FolderOpenOutlined } from '@ant-design/icons';
import { StatusScreen } from './StatusScreen';

export function NoProjectScreen() {
  return (
    <StatusScreen
      icon={<FolderOpenOutlined className="status-icon" />}
      title="Nenhum projeto encontrado para este usuário"
      subTitle="Ainda não há projetos vinculados à sua conta. Fale com o administrador."
      testId="no-project"
    />
  );
}
