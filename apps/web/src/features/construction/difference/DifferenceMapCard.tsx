import {
  DSM_DIFFERENCE_MESSAGES,
  inspectionLabel,
  type DsmDifference,
  type Inspection,
} from '@mirante/shared';
import { DifferenceLegend } from './DifferenceLegend';
import { DifferenceTotals } from './DifferenceTotals';

export interface DifferenceMapCardProps {
  difference: DsmDifference;
  inspections: readonly Inspection[];
}

/** Over the map, beside the layer: which inspections it compares, its legend in metres and its totals. */
export function DifferenceMapCard({ difference, inspections }: DifferenceMapCardProps) {
  const named = (id: number) => {
    const found = inspections.find((item) => item.id === id);
    return found ? inspectionLabel(found) : `#${id}`;
  };
  return (
    <section
      className="dsm-map-card"
      data-testid="dsm-difference-result"
      aria-label={DSM_DIFFERENCE_MESSAGES.title}
    >
      <div className="dsm-map-card__title">{DSM_DIFFERENCE_MESSAGES.title}</div>
      <div className="dsm-map-card__pair">
        {named(difference.earlier_inspection_id)} → {named(difference.later_inspection_id)}
      </div>
      <DifferenceLegend tolerance={difference.tolerance} scale={difference.scale} />
      <DifferenceTotals difference={difference} />
    </section>
  );
}
