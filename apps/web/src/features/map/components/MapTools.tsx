import { EditOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type { Scene } from '@mirante/shared';
import type { EditMode } from '../map/lotSelection';
import type { MapInstance } from '../map/maplibre';
import type { MeasureTool } from '../map/useMeasureDraw';
import { ExportMenu } from './ExportMenu';
import { MeasureTools } from './MeasureTools';
import { ZoomControls } from './ZoomControls';

export interface MapToolsProps {
  map: MapInstance | null;
  title: string;
  scene: Scene | null;
  apiToken: string;
  isAdmin: boolean;
  tool: MeasureTool;
  onTool(tool: MeasureTool): void;
  editMode: EditMode;
  onLabelEdit(): void;
  onFit(): void;
}

/** The tool column on the right of the map: zoom, measuring, export and (ADMIN) lot/block label editing. */
export function MapTools({
  map,
  title,
  scene,
  apiToken,
  isAdmin,
  tool,
  onTool,
  editMode,
  onLabelEdit,
  onFit,
}: MapToolsProps) {
  return (
    <div className="map-tools">
      <ZoomControls onZoomIn={() => map?.zoomIn()} onZoomOut={() => map?.zoomOut()} onFit={onFit} />
      <MeasureTools tool={tool} onChange={onTool} />
      {map && <ExportMenu map={map} title={title} scene={scene} apiToken={apiToken} />}
      {isAdmin && (
        <div className="map-tool-group" data-testid="admin-map-tools">
          <Tooltip title="Editar lotes/quadras" placement="left">
            <Button
              aria-label="Editar lotes/quadras"
              aria-pressed={editMode === 'labels'}
              type={editMode === 'labels' ? 'primary' : 'default'}
              icon={<EditOutlined />}
              onClick={onLabelEdit}
            />
          </Tooltip>
        </div>
      )}
    </div>
  );
}
