import { Button } from 'antd';
import { useFeedback } from '../../../../shared/feedback/useFeedback';
import type { ReactNode } from 'react';
import { MAP_MESSAGES } from '@mirante/shared';

export interface SelectionEditBarProps {
  /** `data-testid` of the bar; the count is `${name}-count`. */
  name: string;
  title: string;
  hint: string;
  /** Why the last click selected nothing, shown until the next pick. */
  warning?: string | null;
  selectedCount: number;
  actionLabel: string;
  actionDisabled?: boolean;
  /** Called with at least one layer selected (otherwise the spec's warning shows). */
  onAction(): void;
  onClear(): void;
  onExit(): void;
  /** The mode's dialog. */
  children?: ReactNode;
}

/** The bar of an ADMIN selection mode on the map: what the mode does, selection count, action, clear, leave. */
export function SelectionEditBar(props: SelectionEditBarProps) {
  const message = useFeedback();
  const act = () => {
    if (props.selectedCount === 0) return void message.warning(MAP_MESSAGES.noLayerSelected);
    props.onAction();
  };
  return (
    <div className="label-edit-bar" data-testid={`${props.name}-bar`}>
      <div className="label-edit-bar__text">
        <strong>{props.title}</strong>
        <small data-testid={`${props.name}-hint`}>{props.hint}</small>
        {props.warning && (
          <small className="label-edit-bar__warning" role="status">
            {props.warning}
          </small>
        )}
      </div>
      <span data-testid={`${props.name}-count`}>{props.selectedCount} selecionado(s)</span>
      <Button type="primary" size="small" onClick={act} disabled={props.actionDisabled}>
        {props.actionLabel}
      </Button>
      <Button size="small" onClick={props.onClear}>
        Limpar seleção
      </Button>
      <Button size="small" onClick={props.onExit}>
        Sair
      </Button>
      {props.children}
    </div>
  );
}
