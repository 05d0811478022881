import type { ReactNode } from 'react';
import { FolderOpenOutlined } from '@ant-design/icons';
import { StatusScreen } from './StatusScreen';

/**
 * No project in the user's reach. An ADMIN sees every project of the installation, so for him this is a new
 * installation: `firstProject` (the registration form) lets him register the first one here, instead of a dead end.
 * The screen stands without the top bar, so `signOut` is offered on it.
 */
export function NoProjectScreen({
  firstProject,
  signOut,
}: {
  firstProject?: ReactNode;
  signOut?: ReactNode;
}) {
  return (
    <StatusScreen
      icon={<FolderOpenOutlined aria-hidden className="status-icon" />}
      title="Nenhum projeto encontrado para este usuário"
      subTitle={
        firstProject
          ? 'Cadastre aqui o primeiro projeto; depois importe os lotes e cadastre as imagens.'
          : 'Ainda não há projetos vinculados à sua conta. Fale com o administrador.'
      }
      extra={
        <>
          {firstProject && <div className="no-project__first">{firstProject}</div>}
          {signOut}
        </>
      }
      testId="no-project"
    />
  );
}
