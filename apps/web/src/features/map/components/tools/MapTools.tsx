import type { ReactNode } from 'react';
import { BgColorsOutlined, EditOutlined } from '@ant-design/icons';
import type { Scene } from '@mirante/shared';
import type { EditMode } from '../../model/lotSelection';
import type { ExportLabels } from '../../export/exportLabels';
import type { MapInstance } from '../../engine/maplibre';
import type { MeasureTool } from '../../hooks/useMeasureDraw';
import { ExportMenu } from './ExportMenu';
import { TimelapseViewButton } from '../../../timelapse/components/TimelapseViewButton';
import { MeasureTools } from './MeasureTools';
import { Model3dButton } from '../model3d/Model3dButton';
import { ToolToggle } from './ToolToggle';
import { ZoomControls } from './ZoomControls';

export interface MapToolsProps {
  map: MapInstance | null;
  title: string;
  scene: Scene | null;
  apiToken: string;
  /** The labels shown on screen, drawn into the PNG/PDF exports too. */
  labels: ExportLabels;
  /** The project the geometry export downloads. */
  project: { id: number; center: readonly number[] };
  isAdmin: boolean;
  tool: MeasureTool;
  onTool(tool: MeasureTool): void;
  editMode: EditMode;
  onLabelEdit(): void;
  onDetectionEdit(): void;
  onFit(): void;
  /** Opens the scene's 3D model; null when the shown scene has none. */
  onModel3d: (() => void) | null;
  /** The states and transitions: no 3D during comparison or label editing. */
  model3dDisabled: boolean;
  /** The share tool (ADMINs and MANAGERs), under the export. */
  shareTool?: ReactNode;
}

/** The map's tool column: zoom, measuring, export, share, 3D model and (ADMIN) label and detection editing. */
export function MapTools({
  map,
  title,
  scene,
  apiToken,
  labels,
  project,
  isAdmin,
  tool,
  onTool,
  editMode,
  onLabelEdit,
  onDetectionEdit,
  onFit,
  onModel3d,
  model3dDisabled,
  shareTool,
}: MapToolsProps) {
  return (
    <div className="map-tools">
      <ZoomControls onZoomIn={() => map?.zoomIn()} onZoomOut={() => map?.zoomOut()} onFit={onFit} />
      <MeasureTools tool={tool} onChange={onTool} />
      {map && (
        <ExportMenu
          map={map}
          title={title}
          scene={scene}
          apiToken={apiToken}
          labels={labels}
          project={project}
        />
      )}
      {shareTool}
      {map && <TimelapseViewButton map={map} projectId={project.id} apiToken={apiToken} />}
      {onModel3d && <Model3dButton disabled={model3dDisabled} onOpen={onModel3d} />}
      {isAdmin && (
        <div className="map-tool-group" data-testid="admin-map-tools">
          <ToolToggle
            label="Editar lotes/quadras"
            icon={<EditOutlined aria-hidden />}
            pressed={editMode === 'labels'}
            onClick={onLabelEdit}
          />
          <ToolToggle
            label="Editar detecções"
            icon={<BgColorsOutlined aria-hidden />}
            pressed={editMode === 'detections'}
            onClick={onDetectionEdit}
          />
        </div>
      )}
    </div>
  );
}
