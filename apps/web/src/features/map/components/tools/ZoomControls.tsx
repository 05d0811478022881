import { AimOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';

export interface ZoomControlsProps {
  onZoomIn(): void;
  onZoomOut(): void;
  onFit(): void;
}

export function ZoomControls({ onZoomIn, onZoomOut, onFit }: ZoomControlsProps) {
  return (
    <div className="map-tool-group">
      <Tooltip title="Aproximar" placement="left">
        <Button aria-label="Aproximar" icon={<PlusOutlined aria-hidden />} onClick={onZoomIn} />
      </Tooltip>
      <Tooltip title="Afastar" placement="left">
        <Button aria-label="Afastar" icon={<MinusOutlined aria-hidden />} onClick={onZoomOut} />
      </Tooltip>
      <Tooltip title="Enquadrar o projeto" placement="left">
        <Button aria-label="Enquadrar o projeto" icon={<AimOutlined aria-hidden />} onClick={onFit} />
      </Tooltip>
    </div>
  );
}
