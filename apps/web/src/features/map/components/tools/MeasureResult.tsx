import { CloseOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { MeasureTool } from '../../hooks/useMeasureDraw';

const HINTS: Record<Exclude<MeasureTool, 'none'>, string> = {
  lote: 'Clique em um lote para medir a área e o perímetro.',
  distancia: 'Clique para marcar os pontos; clique no último ponto para terminar.',
  area: 'Clique para marcar os vértices; clique no primeiro ponto para fechar a área.',
};

export interface MeasureResultProps {
  tool: Exclude<MeasureTool, 'none'>;
  lines: readonly string[];
  onClose(): void;
}

/** The floating card of the active measure tool: a hint, then the measures. */
export function MeasureResult({ tool, lines, onClose }: MeasureResultProps) {
  return (
    <div className="measure-result" data-testid="measure-result" role="status">
      <div className="measure-result__body">
        {lines.length === 0 ? (
          <span className="measure-result__hint">{HINTS[tool]}</span>
        ) : (
          lines.map((line) => <strong key={line}>{line}</strong>)
        )}
      </div>
      <Button
        size="small"
        type="text"
        aria-label="Encerrar medição"
        icon={<CloseOutlined aria-hidden />}
        onClick={onClose}
      />
    </div>
  );
}
