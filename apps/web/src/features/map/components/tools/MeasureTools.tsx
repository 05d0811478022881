import { BorderOuterOutlined, ColumnWidthOutlined, GatewayOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { MeasureTool } from '../../hooks/useMeasureDraw';
import { ToolToggle } from './ToolToggle';

export interface MeasureToolsProps {
  tool: MeasureTool;
  onChange(tool: MeasureTool): void;
}

const TOOLS: { tool: Exclude<MeasureTool, 'none'>; label: string; icon: ReactNode }[] = [
  { tool: 'lote', label: 'Medir lotes', icon: <BorderOuterOutlined aria-hidden /> },
  { tool: 'distancia', label: 'Medir distância', icon: <ColumnWidthOutlined aria-hidden /> },
  { tool: 'area', label: 'Medir área', icon: <GatewayOutlined aria-hidden /> },
];

/** Measure lots (crosshair, click a lot), distance (line) and area (polygon). Clicking the active tool ends it. */
export function MeasureTools({ tool, onChange }: MeasureToolsProps) {
  return (
    <div className="map-tool-group" data-testid="measure-tools">
      {TOOLS.map((item) => (
        <ToolToggle
          key={item.tool}
          label={item.label}
          icon={item.icon}
          pressed={tool === item.tool}
          onClick={() => onChange(tool === item.tool ? 'none' : item.tool)}
        />
      ))}
    </div>
  );
}
