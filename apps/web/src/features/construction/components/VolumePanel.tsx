import { Button, InputNumber, Select, Space } from 'antd';
import { useState } from 'react';
import {
  inspectionLabel,
  VOLUME_BASE_LABELS,
  VOLUME_BASES,
  type Inspection,
  type NoteGeometry,
  type VolumeBase,
  type VolumeMeasure,
} from '@mirante/shared';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { useMeasureVolume } from '../api';
import { formatVolume } from '../noteMeasure';

export interface VolumePanelProps {
  inspection: Inspection;
  /** The drawn polygon (null: nothing to measure yet). */
  shape: NoteGeometry | null;
  /** Other inspections of the project with an elevation model, for a cut/fill between two dates. */
  others: readonly Inspection[];
  onMeasured(volume: number): void;
}

const COMPARE = 'comparar';
const signed = (value: number) =>
  `${value < 0 ? '−' : ''}${formatVolume(Math.abs(value)).replace('—', '0,00 m³')}`;

/**
 * ★ Volume measured on the inspection's DSM: the base (WebODM's methods or a typed height) or another
 * inspection, then cut, fill and net reported apart; the note's volume takes the net's magnitude.
 */
export function VolumePanel({ inspection, shape, others, onMeasured }: VolumePanelProps) {
  const message = useFeedback();
  const measure = useMeasureVolume();
  const [base, setBase] = useState<VolumeBase | typeof COMPARE>('triangulate');
  const [height, setHeight] = useState<number | null>(null);
  const [compareId, setCompareId] = useState<number | undefined>(others[0]?.id);
  // The measure and the drawing it was made on: a new drawing (which resets the note's volume, the validation rules) hides it.
  const [measured, setMeasured] = useState<{ of: NoteGeometry; measure: VolumeMeasure } | null>(null);
  const polygon = shape?.type === 'Polygon' ? shape : null;
  const result = measured && measured.of === polygon ? measured.measure : null;

  const run = () => {
    if (!polygon) return;
    measure.mutate(
      {
        inspection_id: inspection.id,
        geometry: polygon,
        ...(base === COMPARE
          ? { compare_inspection_id: compareId }
          : { base, ...(base === 'custom' && height !== null ? { baseHeight: height } : {}) }),
      },
      {
        onSuccess: (answer) => {
          setMeasured({ of: polygon, measure: answer });
          onMeasured(Math.round(Math.abs(answer.net) * 100) / 100);
        },
        onError: (error) => void message.error(error.message),
      },
    );
  };

  return (
    <div className="volume-panel" data-testid="volume-panel">
      <div className="volume-panel__title">Volume medido no modelo de elevação</div>
      <Space.Compact block>
        <Select
          aria-label="Base do volume"
          style={{ flex: 1 }}
          value={base}
          onChange={(value) => {
            setBase(value);
            setMeasured(null);
          }}
          options={[
            ...VOLUME_BASES.map((value) => ({ value, label: VOLUME_BASE_LABELS[value] })),
            ...(others.length > 0 ? [{ value: COMPARE, label: 'Diferença para outra vistoria' }] : []),
          ]}
        />
        <Button onClick={run} loading={measure.isPending} disabled={!polygon}>
          Medir volume
        </Button>
      </Space.Compact>
      {base === 'custom' && (
        <InputNumber
          aria-label="Altura da base (m)"
          placeholder="Altura da base (m)"
          style={{ width: '100%', marginTop: 6 }}
          value={height}
          onChange={setHeight}
          step={0.1}
        />
      )}
      {base === COMPARE && (
        <Select
          aria-label="Vistoria comparada"
          style={{ width: '100%', marginTop: 6 }}
          value={compareId}
          onChange={setCompareId}
          options={others.map((item) => ({ value: item.id, label: inspectionLabel(item) }))}
        />
      )}
      {!polygon && <div className="volume-panel__hint">Desenhe um polígono para medir o volume.</div>}
      {result && (
        <dl className="volume-panel__result" data-testid="volume-result">
          <dt>Corte</dt>
          <dd>{signed(result.cut)}</dd>
          <dt>Aterro</dt>
          <dd>{signed(result.fill)}</dd>
          <dt>Líquido</dt>
          <dd>{signed(result.net)}</dd>
        </dl>
      )}
    </div>
  );
}
