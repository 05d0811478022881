import { PictureOutlined } from '@ant-design/icons';
import { StatusScreen } from './StatusScreen';

export function NoImagesScreen() {
  return (
    <StatusScreen
      icon={<PictureOutlined className="status-icon" />}
      title="Este projeto não possui nenhuma imagem"
      subTitle="Assim que as primeiras imagens forem cadastradas, elas aparecerão aqui."
      testId="no-images"
    />
  );
}
