import { DSM_DIFFERENCE_MESSAGES, legendGradient, legendLabels } from '@mirante/shared';

export interface DifferenceLegendProps {
  tolerance: number;
  scale: number;
}

/** The layer's legend in metres: blue cut on the left, red fill on the right, the clear band unchanged. */
export function DifferenceLegend({ tolerance, scale }: DifferenceLegendProps) {
  return (
    <figure className="dsm-legend" aria-label={DSM_DIFFERENCE_MESSAGES.legend}>
      <figcaption className="dsm-legend__title">{DSM_DIFFERENCE_MESSAGES.legend}</figcaption>
      <div
        className="dsm-legend__bar"
        data-testid="dsm-legend-bar"
        style={{ background: legendGradient(tolerance, scale) }}
      />
      <div className="dsm-legend__labels">
        {legendLabels(tolerance, scale).map((text) => (
          <span key={text}>{text}</span>
        ))}
      </div>
      <div className="dsm-legend__ends">
        <span className="dsm-legend__cut">{DSM_DIFFERENCE_MESSAGES.cut}</span>
        <span>
          {DSM_DIFFERENCE_MESSAGES.unchanged} ({legendLabels(tolerance, scale)[2]})
        </span>
        <span className="dsm-legend__fill">{DSM_DIFFERENCE_MESSAGES.fill}</span>
      </div>
    </figure>
  );
}
