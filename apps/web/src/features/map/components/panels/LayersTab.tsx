import { Checkbox, Divider, Switch } from 'antd';
import { AI_REVIEW_LABEL, LAYER_TYPE_LABELS, type LayerType } from '@mirante/shared';

export interface LayersTabProps {
  available: readonly { type: LayerType; count: number }[];
  visible: readonly LayerType[];
  onChange(visible: LayerType[]): void;
  /** The lot/block identifier toggles (left out where another panel holds them). */
  labels?: { lots: boolean; blocks: boolean };
  onLabelsChange?(labels: { lots: boolean; blocks: boolean }): void;
  /** Lots whose latest status is an AI reading under the confidence threshold ('A revisar'). */
  review?: ReviewFilter;
}

export interface ReviewFilter {
  count: number;
  only: boolean;
  onChange(only: boolean): void;
}

/** Layer checkboxes with select-all, the lot/block identifier toggles and the 'A revisar' lot filter. */
export function LayersTab({ available, visible, onChange, labels, onLabelsChange, review }: LayersTabProps) {
  const all = available.map((item) => item.type);
  const checkedCount = all.filter((type) => visible.includes(type)).length;
  return (
    <div className="layers-tab" data-testid="layers-tab">
      <Checkbox
        checked={checkedCount === all.length && all.length > 0}
        indeterminate={checkedCount > 0 && checkedCount < all.length}
        onChange={(event) => onChange(event.target.checked ? all : [])}
      >
        Selecionar todas
      </Checkbox>
      <Divider size="small" />
      <Checkbox.Group
        className="layers-tab__list"
        value={[...visible]}
        onChange={(values) => onChange(values)}
        options={available.map((item) => ({
          value: item.type,
          label: (
            <span className="layers-tab__item">
              <span className={`layer-swatch layer-swatch--${item.type.toLowerCase()}`} />
              {LAYER_TYPE_LABELS[item.type]} <small>({item.count})</small>
            </span>
          ),
        }))}
      />
      {labels && onLabelsChange && (
        <>
          <Divider size="small" />
          <label className="layers-tab__toggle">
            <Switch
              size="small"
              checked={labels.lots}
              onChange={(lots) => onLabelsChange({ ...labels, lots })}
            />
            Identificador dos lotes
          </label>
          <label className="layers-tab__toggle">
            <Switch
              size="small"
              checked={labels.blocks}
              onChange={(blocks) => onLabelsChange({ ...labels, blocks })}
            />
            Identificador das quadras
          </label>
        </>
      )}
      {review && (
        <>
          <Divider size="small" />
          <label className="layers-tab__toggle">
            <Switch
              size="small"
              checked={review.only}
              onChange={review.onChange}
              aria-label="Somente lotes a revisar"
            />
            Somente lotes {AI_REVIEW_LABEL.toLowerCase()} <small>({review.count})</small>
          </label>
        </>
      )}
    </div>
  );
}
