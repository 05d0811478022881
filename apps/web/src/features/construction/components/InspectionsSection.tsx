import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty } from 'antd';
import { inspectionLabel, INSPECTION_MESSAGES, type Inspection } from '@mirante/shared';
import { LoadError } from './LoadError';

export interface InspectionsSectionProps {
  inspections: readonly Inspection[];
  failed: { message: string; retry(): void } | null;
  selectedId: number | null;
  onSelect(inspection: Inspection): void;
  /** null: the user may not create inspections (no construction.inspections). */
  onCreate: (() => void) | null;
}

/** The map sidebar's inspections: selecting one switches the map to its scene. */
export function InspectionsSection({
  inspections,
  failed,
  selectedId,
  onSelect,
  onCreate,
}: InspectionsSectionProps) {
  return (
    <div data-testid="sidebar-inspections">
      {failed && (
        <LoadError text={`${INSPECTION_MESSAGES.loadFailed} ${failed.message}`} onRetry={failed.retry} />
      )}
      {inspections.length === 0 && !failed && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nenhuma vistoria cadastrada." />
      )}
      <div className="construction-sidebar__list" role="list" aria-label="Vistorias">
        {inspections.map((inspection) => (
          <button
            key={inspection.id}
            type="button"
            role="listitem"
            aria-current={inspection.id === selectedId}
            className={`construction-sidebar__item${inspection.id === selectedId ? ' construction-sidebar__item--selected' : ''}`}
            onClick={() => onSelect(inspection)}
          >
            {inspectionLabel(inspection)}
          </button>
        ))}
      </div>
      {onCreate && (
        <Button size="small" icon={<PlusOutlined aria-hidden />} onClick={onCreate}>
          Nova vistoria
        </Button>
      )}
    </div>
  );
}
