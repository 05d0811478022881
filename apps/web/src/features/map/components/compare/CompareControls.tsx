import { Checkbox, Segmented, Select } from 'antd';
import type { Scene } from '@mirante/shared';
import type { CompareMode, Comparison, DateSide } from '../../hooks/useComparison';

export interface CompareControlsProps {
  scenes: readonly Scene[];
  comparison: Comparison;
  apiToken: string;
}

const SIDES: [DateSide, string][] = [
  ['before', 'Antes'],
  ['after', 'Depois'],
];

/** 'Comparar datas' with its Antes / Depois selectors (thumbnail previews) and the side-by-side / swipe mode. */
export function CompareControls({ scenes, comparison, apiToken }: CompareControlsProps) {
  const ready = scenes.filter((scene) => scene.status === 'ready');
  const options = ready.map((scene) => ({ value: scene.id, label: scene.dateFormatted, scene }));
  return (
    <div className="compare-controls" data-testid="compare-controls">
      <Checkbox
        checked={comparison.datesOn}
        disabled={ready.length < 2}
        onChange={(event) => comparison.toggleDates(event.target.checked)}
      >
        Comparar datas
      </Checkbox>
      {comparison.datesOn && (
        <div className="compare-controls__dates">
          {SIDES.map(([side, label]) => (
            <label key={side} className="compare-controls__field">
              <span>{label}</span>
              <Select
                aria-label={label}
                data-testid={`compare-date-${side}`}
                placeholder="Selecione a data"
                allowClear
                value={comparison.dates[side] ?? null}
                options={options}
                onChange={(value: number | null) => comparison.pickDate(side, value ?? undefined)}
                optionRender={(option) => (
                  <span className="compare-option">
                    {option.data.scene.previewUrl && (
                      <img
                        src={`${option.data.scene.previewUrl}?api_token=${encodeURIComponent(apiToken)}`}
                        alt=""
                      />
                    )}
                    {option.data.label}
                  </span>
                )}
              />
            </label>
          ))}
        </div>
      )}
      {comparison.before && (
        <Segmented<CompareMode>
          block
          data-testid="compare-mode"
          value={comparison.mode}
          onChange={comparison.setMode}
          options={[
            { label: 'Lado a lado', value: 'lado-a-lado' },
            { label: 'Cortina', value: 'cortina' },
          ]}
        />
      )}
    </div>
  );
}
