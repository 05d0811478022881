import { Alert, Descriptions, Spin, Tag } from 'antd';
import {
  detectionTypeOf,
  MAP_MESSAGES,
  type Layer,
  type Scene,
  type StatusHistoryItem,
} from '@mirante/shared';
import { useLayerDetail } from '../../api';
import { detailRow } from '../../model/detailRows';
import { formatConfidence, formatIsoDate } from '../../model/format';
import { lotTitle } from '../../style/labels';
import { comparisonVerdict, statusAt } from '../../model/lotStatusAt';
import { LotPopupFrame } from './LotPopupFrame';

export interface LotComparePopupProps {
  layer: Layer;
  before: Scene;
  after: Scene;
  onClose(): void;
}

function StatusOnDate({
  label,
  scene,
  item,
}: {
  label: string;
  scene: Scene;
  item: StatusHistoryItem | null;
}) {
  const type = detectionTypeOf(item?.status);
  return (
    <div className="lot-compare__side" data-testid={`lot-compare-${label.toLowerCase()}`}>
      <span className="lot-compare__date">
        {label} · {scene.dateFormatted}
      </span>
      {item && type ? (
        <>
          <span className="lot-compare__status">
            <span className="lot-compare__swatch" style={{ background: type.color }} />
            {type.name}
          </span>
          <span className="lot-compare__meta">
            Detectado em {formatIsoDate(item.date)} · Confiança {formatConfidence(item.precision)}
          </span>
        </>
      ) : (
        <span className="lot-compare__meta">Sem detecção até esta data</span>
      )}
    </div>
  );
}

/** The lot popup while two dates are compared (430 px, spec 9): its status on each date and whether it changed. */
export function LotComparePopup({ layer, before, after, onClose }: LotComparePopupProps) {
  const detail = useLayerDetail(layer.id);
  const history = detailRow(detail.data ?? [], 'STATUS_LIST')?.value ?? [];
  const then = statusAt(history, before.isoDate);
  const now = statusAt(history, after.isoDate);
  const verdict = comparisonVerdict(then, now);
  return (
    <LotPopupFrame title={lotTitle(layer)} testId="lot-compare-popup" variant="compare" onClose={onClose}>
      <Descriptions
        size="small"
        column={1}
        items={[{ key: 'code', label: 'Código do cliente', children: layer.customer_code ?? '—' }]}
      />
      {detail.isPending && <Spin />}
      {detail.isError && <Alert type="error" message={MAP_MESSAGES.serverError} />}
      {detail.isSuccess && (
        <>
          <div className="lot-compare">
            <StatusOnDate label="Antes" scene={before} item={then} />
            <StatusOnDate label="Depois" scene={after} item={now} />
          </div>
          <Tag color={verdict === 'Igual' ? 'default' : 'orange'} data-testid="lot-compare-verdict">
            {verdict}
          </Tag>
        </>
      )}
    </LotPopupFrame>
  );
}
