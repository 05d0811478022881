import { CodeSandboxOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';

export interface Model3dButtonProps {
  disabled: boolean;
  onOpen(): void;
}

/** Opens the shown scene's 3D model (not during comparison or label editing). */
export function Model3dButton({ disabled, onOpen }: Model3dButtonProps) {
  return (
    <div className="map-tool-group">
      <Tooltip
        title={disabled ? 'Modelo 3D indisponível durante a comparação ou a edição' : 'Ver modelo 3D'}
        placement="left"
      >
        <Button
          aria-label="Ver modelo 3D"
          icon={<CodeSandboxOutlined aria-hidden />}
          disabled={disabled}
          onClick={onOpen}
        />
      </Tooltip>
    </div>
  );
}
