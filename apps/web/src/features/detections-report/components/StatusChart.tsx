import { detectionTypeOf, type StatusCount } from '@mirante/shared';
import { donutSlices } from '../chart/donutSlices';

const OUTER = 80;
const INNER = 44;
const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 });
const FALLBACK_COLOUR = '#8c8c8c';

/** Donut of the first 5 statuses, in the detection types' colours, with a legend of their counts and shares. */
export function StatusChart({ statuses }: { statuses: StatusCount[] }) {
  const shown = statuses.slice(0, 5);
  const slices = donutSlices(
    shown.map((item) => item.value),
    OUTER,
    INNER,
  );
  const labelOf = (item: StatusCount, index: number) =>
    `${item.name}: ${item.value} (${percent.format(slices[index]?.share ?? 0)})`;
  return (
    <figure className="detections-chart" data-testid="status-chart">
      <svg
        viewBox={`${-OUTER} ${-OUTER} ${2 * OUTER} ${2 * OUTER}`}
        role="img"
        aria-label={`Detecções por tipo: ${shown.map(labelOf).join('; ')}`}
      >
        {shown.map((item, index) =>
          slices[index]?.path ? (
            <path
              key={item.key}
              d={slices[index].path}
              fill={detectionTypeOf(item.key)?.color ?? FALLBACK_COLOUR}
              fillRule="evenodd"
            >
              <title>{labelOf(item, index)}</title>
            </path>
          ) : null,
        )}
      </svg>
      <ul className="detections-chart__legend">
        {shown.map((item, index) => (
          <li key={item.key}>
            <span
              className="detections-dot"
              style={{ background: detectionTypeOf(item.key)?.color ?? FALLBACK_COLOUR }}
            />
            {labelOf(item, index)}
          </li>
        ))}
      </ul>
    </figure>
  );
}
