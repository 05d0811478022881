import { Button, Card, Segmented, Select } from 'antd';
import { CloseOutlined, SwapOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { inspectionLabel, type Project } from '@mirante/shared';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { useInspections } from '../../construction/api';
import type { CompareMode, Comparison } from '../../map/hooks/useComparison';
import { COMPARE_DATE_ORDER } from '../../map/model/dateComparison';
import { checkInspections, type InspectionSide } from '../model/inspectionCompare';
import '../overlays.css';

export interface InspectionCompareProps {
  project: Pick<Project, 'id' | 'projectType'>;
  comparison: Comparison;
}

const SIDES: [InspectionSide, string][] = [
  ['before', 'Vistoria anterior'],
  ['after', 'Vistoria posterior'],
];

/**
 * The map screens 'compare inspections' (construction projects): two selects of inspections whose scenes are compared
 * side by side or by swipe, with the mirrored cursor — the allotment map's date comparison (CompareMap).
 */
export function InspectionCompare({ project, comparison }: InspectionCompareProps) {
  const isConstruction = project.projectType === 'CONSTRUCTION';
  const inspections = useInspections(project.id, isConstruction);
  const message = useFeedback();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<Partial<Record<InspectionSide, number>>>({});
  const list = inspections.data ?? [];
  if (!isConstruction || list.length < 2) return null;

  const pick = (side: InspectionSide, id: number | undefined) => {
    const next = { ...picked, [side]: id };
    const check = checkInspections(list, next);
    if (check.kind === 'invalid') {
      void message.warning(check.message);
      setPicked({});
      return;
    }
    setPicked(next);
    if (check.kind !== 'valid') return;
    // The order warning of an earlier pick is answered: it would otherwise linger over this panel's title.
    message.dismiss('warning', COMPARE_DATE_ORDER);
    comparison.compareScenes(check.before, check.after);
  };

  const close = () => {
    const after = list.find((item) => item.id === picked.after);
    if (after) comparison.showScene(after.scene_id);
    setPicked({});
    setOpen(false);
  };

  if (!open)
    return (
      <Button
        className="inspection-compare__open"
        icon={<SwapOutlined aria-hidden />}
        onClick={() => setOpen(true)}
      >
        Comparar vistorias
      </Button>
    );

  const options = list.map((item) => ({ value: item.id, label: inspectionLabel(item) }));
  return (
    <Card
      size="small"
      className="inspection-compare"
      data-testid="inspection-compare"
      title="Comparar vistorias"
      extra={
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined aria-hidden />}
          aria-label="Fechar comparação"
          onClick={close}
        />
      }
    >
      {SIDES.map(([side, label]) => (
        <label key={side} className="inspection-compare__field">
          <span>{label}</span>
          <Select
            aria-label={label}
            placeholder="Selecione a vistoria"
            allowClear
            value={picked[side] ?? null}
            options={options}
            onChange={(value: number | null) => pick(side, value ?? undefined)}
          />
        </label>
      ))}
      {picked.before && picked.after && (
        <Segmented<CompareMode>
          block
          value={comparison.mode}
          onChange={comparison.setMode}
          options={[
            { label: 'Lado a lado', value: 'lado-a-lado' },
            { label: 'Cortina', value: 'cortina' },
          ]}
        />
      )}
    </Card>
  );
}
