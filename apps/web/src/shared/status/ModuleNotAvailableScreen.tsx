import { AppstoreOutlined } from '@ant-design/icons';
import { StatusScreen } from './StatusScreen';

export function ModuleNotAvailableScreen() {
  return (
    <StatusScreen
      icon={<AppstoreOutlined aria-hidden className="status-icon" />}
      title="Módulo não disponível"
      subTitle="O seu grupo de permissões não inclui este módulo. Fale com o gestor da sua conta."
      testId="module-not-available"
    />
  );
}
