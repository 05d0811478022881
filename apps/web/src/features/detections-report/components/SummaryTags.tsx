import { Tag } from 'antd';
import type { DetectionsHistory, RowStatus } from '@mirante/shared';

export interface SummaryTagsProps {
  diff: DetectionsHistory['diffStatus'];
  onOpen(status: RowStatus): void;
}

/** Total in list, changed and kept lots; the latter two open their lots. */
export function SummaryTags({ diff, onOpen }: SummaryTagsProps) {
  return (
    <div className="detections-summary" data-testid="summary-tags">
      <Tag color="blue">Total na lista: {diff.total}</Tag>
      <Tag
        color="orange"
        className="detections-summary__link"
        onClick={() => onOpen('Modificado')}
        data-testid="tag-changed"
      >
        Lotes que mudaram de status: {diff.changed}
      </Tag>
      <Tag
        color="green"
        className="detections-summary__link"
        onClick={() => onOpen('Igual')}
        data-testid="tag-kept"
      >
        Lotes que mantiveram o status: {diff.kept}
      </Tag>
    </div>
  );
}
