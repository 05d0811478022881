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
  const parts = shown.map((item, index) => ({
    key: item.key,
    path: slices[index]?.path ?? '',
    colour: detectionTypeOf(item.key)?.color ?? FALLBACK_COLOUR,
    label: `${item.name}: ${item.value} (${percent.format(slices[index]?.share ?? 0)})`,
  }));
  return (
    <figure className="detections-chart" data-testid="status-chart">
      <svg
        viewBox={`${-OUTER} ${-OUTER} ${2 * OUTER} ${2 * OUTER}`}
        role="img"
        aria-label={`Detecções por tipo: ${parts.map((part) => part.label).join('; ')}`}
      >
        {parts.map((part) =>
          part.path ? (
            <path key={part.key} d={part.path} fill={part.colour} fillRule="evenodd">
              <title>{part.label}</title>
            </path>
          ) : null,
        )}
      </svg>
      <ul className="detections-chart__legend">
        {parts.map((part) => (
          <li key={part.key}>
            <span className="detections-dot" style={{ background: part.colour }} />
            {part.label}
          </li>
        ))}
      </ul>
    </figure>
  );
}
