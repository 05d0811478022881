import { Alert, Button, InputNumber, Select, Space } from 'antd';
import { useState } from 'react';
import {
  DSM_DIFFERENCE_DEFAULT_TOLERANCE,
  DSM_DIFFERENCE_MAX_TOLERANCE,
  DSM_DIFFERENCE_MESSAGES as TEXT,
  inspectionLabel,
  type DsmDifference,
  type Inspection,
} from '@mirante/shared';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { downloadAttachment } from '../../../shared/download/download';
import { dsmDifferenceGeoTiffHref, useDsmDifference } from './differenceApi';

export interface DifferenceSectionProps {
  /** The project's inspections, newest first. */
  inspections: readonly Inspection[];
  shown: DsmDifference | null;
  onShow(difference: DsmDifference | null): void;
}

/**
 * The map of what moved: two inspections with a DSM and a tolerance, then the coloured layer on the map (its
 * legend and totals float over the map: `DifferenceMapCard`) and the GeoTIFF of the difference.
 */
export function DifferenceSection({ inspections, shown, onShow }: DifferenceSectionProps) {
  const message = useFeedback();
  const compute = useDsmDifference();
  const withModel = inspections.filter((item) => item.hasDsm);
  // Newest first: until the user picks, the latest against the one before it (also once the list arrives).
  const [pickedLater, setLaterId] = useState<number | undefined>();
  const [pickedEarlier, setEarlierId] = useState<number | undefined>();
  const laterId = pickedLater ?? withModel[0]?.id;
  const earlierId = pickedEarlier ?? withModel[1]?.id;
  const [tolerance, setTolerance] = useState<number | null>(DSM_DIFFERENCE_DEFAULT_TOLERANCE);
  const [downloading, setDownloading] = useState(false);

  if (withModel.length < 2) return <Alert type="info" showIcon message={TEXT.needTwo} />;
  const options = withModel.map((item) => ({ value: item.id, label: inspectionLabel(item) }));
  const query =
    laterId !== undefined && earlierId !== undefined && tolerance !== null
      ? { inspection_id: laterId, compare_inspection_id: earlierId, tolerance }
      : null;

  const run = () => {
    if (!query) {
      void message.warning(TEXT.choose);
      return;
    }
    if (query.inspection_id === query.compare_inspection_id) {
      void message.warning(TEXT.sameInspection);
      return;
    }
    compute.mutate(query, {
      onSuccess: onShow,
      onError: (error) => void message.error(`${TEXT.failed} ${error.message}`),
    });
  };
  const download = () => {
    if (!shown) return;
    setDownloading(true);
    downloadAttachment(
      dsmDifferenceGeoTiffHref({
        inspection_id: shown.later_inspection_id,
        compare_inspection_id: shown.earlier_inspection_id,
        tolerance: shown.tolerance,
      }),
    )
      .catch((error: Error) => void message.error(`${TEXT.downloadFailed} ${error.message}`))
      .finally(() => setDownloading(false));
  };

  return (
    <div className="dsm-difference" data-testid="dsm-difference">
      <label className="dsm-difference__field">
        <span>{TEXT.earlier}</span>
        <Select aria-label={TEXT.earlier} value={earlierId} onChange={setEarlierId} options={options} />
      </label>
      <label className="dsm-difference__field">
        <span>{TEXT.later}</span>
        <Select aria-label={TEXT.later} value={laterId} onChange={setLaterId} options={options} />
      </label>
      <label className="dsm-difference__field">
        <span>{TEXT.tolerance}</span>
        <InputNumber
          aria-label={TEXT.tolerance}
          value={tolerance}
          onChange={setTolerance}
          min={0}
          max={DSM_DIFFERENCE_MAX_TOLERANCE}
          step={0.05}
          decimalSeparator=","
          style={{ width: '100%' }}
        />
      </label>
      <Space wrap>
        <Button type="primary" onClick={run} loading={compute.isPending}>
          {TEXT.compute}
        </Button>
        {shown && <Button onClick={() => onShow(null)}>{TEXT.hide}</Button>}
      </Space>
      {shown && (
        <Button block onClick={download} loading={downloading}>
          {TEXT.download}
        </Button>
      )}
    </div>
  );
}
