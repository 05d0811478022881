import { Descriptions, Spin, Tag } from 'antd';
import { detectionTypeOf, displayDate, type Layer, type Scene } from '@mirante/shared';
import { formatConfidence } from '../../model/format';
import { comparisonVerdict, type LotStatusOnDate } from '../../model/comparisonVerdict';
import { lotTitle } from '../../style/labels';
import { LotPopupFrame } from './LotPopupFrame';

/** One compared date and the lot's status on it, as the map colours the lot on that date. */
export interface DatedLotStatus {
  scene: Scene;
  status: LotStatusOnDate;
}

export interface LotComparePopupProps {
  layer: Layer;
  before: DatedLotStatus;
  after: DatedLotStatus;
  /** The statuses of one of the dates are still loading. */
  loading: boolean;
  onClose(): void;
}

function StatusOnDate({ label, side }: { label: string; side: DatedLotStatus }) {
  const type = detectionTypeOf(side.status?.detect_type);
  return (
    <div className="lot-compare__side" data-testid={`lot-compare-${label.toLowerCase()}`}>
      <span className="lot-compare__date">
        {label} · {side.scene.dateFormatted}
      </span>
      {side.status && type ? (
        <>
          <span className="lot-compare__status">
            <span className="lot-compare__swatch" style={{ background: type.color }} />
            {type.name}
          </span>
          <span className="lot-compare__meta">
            Detectado em {displayDate(side.status.date)}
            {/* Only the AI's readings have a confidence; manual edits and demo data have none. */}
            {side.status.precision !== null && ` · Confiança ${formatConfidence(side.status.precision)}`}
          </span>
        </>
      ) : (
        <span className="lot-compare__meta">Sem detecção até esta data</span>
      )}
    </div>
  );
}

/**
 * The lot popup while two dates are compared (430 px, the business limits): its status on each date — the one each map colours
 * it with — and whether it changed.
 */
export function LotComparePopup({ layer, before, after, loading, onClose }: LotComparePopupProps) {
  const verdict = comparisonVerdict(before.status, after.status);
  return (
    <LotPopupFrame title={lotTitle(layer)} testId="lot-compare-popup" variant="compare" onClose={onClose}>
      <Descriptions
        size="small"
        column={1}
        items={[{ key: 'code', label: 'Código do cliente', children: layer.customer_code ?? '—' }]}
      />
      {loading ? (
        <Spin />
      ) : (
        <>
          <div className="lot-compare">
            <StatusOnDate label="Antes" side={before} />
            <StatusOnDate label="Depois" side={after} />
          </div>
          <Tag color={verdict === 'Igual' ? 'default' : 'orange'} data-testid="lot-compare-verdict">
            {verdict}
          </Tag>
        </>
      )}
    </LotPopupFrame>
  );
}
