import type { ReactNode } from 'react';
import { FolderOpenOutlined } from '@ant-design/icons';
import { StatusScreen } from './StatusScreen';

/**
 * No project in the user's reach. An ADMIN sees every project of the installation, so for him this is a new
 * installation: `firstProject` (the registration form) lets him register the first one here, instead of a dead end.
 */
export function NoProjectScreen({ firstProject }: { firstProject?: ReactNode }) {
  return (
    <StatusScreen
      icon={<FolderOpenOutlined className="status-icon" />}
      title="Nenhum projeto encontrado para este usuário"
      subTitle={
        firstProject
          ? 'Cadastre aqui o primeiro projeto; depois importe os lotes e cadastre as imagens.'
          : 'Ainda não há projetos vinculados à sua conta. Fale com o administrador.'
      }
      extra={firstProject ? <div className="no-project__first">{firstProject}</div> : undefined}
      testId="no-project"
    />
  );
}
