import type { ReactNode } from 'react';
import { PictureOutlined } from '@ant-design/icons';
import { StatusScreen } from './StatusScreen';

export const NO_IMAGES_TITLE = 'Este projeto não possui nenhuma imagem';

interface Props {
  /** What is missing and who adds it; by default, that images will show here once registered. */
  subTitle?: ReactNode;
  extra?: ReactNode;
  testId?: string;
}

export function NoImagesScreen({
  subTitle = 'Assim que as primeiras imagens forem cadastradas, elas aparecerão aqui.',
  extra,
  testId = 'no-images',
}: Props) {
  return (
    <StatusScreen
      icon={<PictureOutlined aria-hidden className="status-icon" />}
      title={NO_IMAGES_TITLE}
      subTitle={subTitle}
      extra={extra}
      testId={testId}
    />
  );
}
