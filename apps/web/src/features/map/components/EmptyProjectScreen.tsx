import { Button, Space } from 'antd';
import { useNavigate } from 'react-router';
import { NoImagesScreen } from '../../../shared/status/NoImagesScreen';

interface Props {
  projectName: string;
  isAdmin: boolean;
}

/**
 * A project with neither imagery nor layers (the status screens 'no images for the project'): instead of an empty map,
 * what is missing and who adds it; the ADMIN, who registers images and projects, gets the way to both.
 */
export function EmptyProjectScreen({ projectName, isAdmin }: Props) {
  const navigate = useNavigate();
  return (
    <NoImagesScreen
      testId="empty-project"
      subTitle={
        <>
          <p>
            Ainda não há imagens nem camadas (lotes, quadras, limite) cadastradas para {projectName}. O mapa
            do projeto aparece aqui assim que elas forem cadastradas.
          </p>
          <p>
            A equipe de administração do Mirante cadastra as imagens e as camadas do projeto.
            {isAdmin
              ? ' Comece pela primeira imagem no Painel de administração, ou cadastre outro projeto.'
              : ' Se você esperava vê-las, fale com ela pelo botão de ajuda (?) no topo da página.'}
          </p>
        </>
      }
      extra={
        isAdmin ? (
          <Space>
            <Button type="primary" onClick={() => void navigate('/page/admin?aba=scene')}>
              Cadastrar imagem
            </Button>
            <Button onClick={() => void navigate('/page/admin?aba=projects')}>Cadastrar projeto</Button>
          </Space>
        ) : undefined
      }
    />
  );
}
