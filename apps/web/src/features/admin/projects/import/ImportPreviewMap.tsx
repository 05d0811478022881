import { useMemo } from 'react';
import type { ImportProblem, LayerImportReport } from '@mirante/shared';
import { MapView } from '../../../map/components/canvas/MapView';
import { importPreviewStyle, OUTCOME_COLORS, previewBounds } from './importPreviewStyle';

const LEGEND = [
  ['Novo', OUTCOME_COLORS.create],
  ['Atualizado', OUTCOME_COLORS.update],
  ['Inválido', OUTCOME_COLORS.invalid],
] as const;

/** The preview of a dry run on a map: features by outcome, problems ringed. */
export function ImportPreviewMap({
  report,
  problems,
}: {
  report: LayerImportReport;
  problems: readonly ImportProblem[];
}) {
  const style = useMemo(() => importPreviewStyle(report, problems), [report, problems]);
  const bounds = useMemo(() => previewBounds(report, problems), [report, problems]);
  if (!bounds) return null;
  return (
    <div className="layer-import__map" data-testid="import-preview-map">
      {/* A new report gets a new map, fitted to its features. */}
      <MapView key={JSON.stringify(bounds)} style={style} initialBounds={bounds} />
      <div className="layer-import__legend">
        {LEGEND.map(([label, color]) => (
          <span key={label}>
            <i style={{ background: color }} /> {label}
          </span>
        ))}
      </div>
    </div>
  );
}
