import type { Layer, Scene } from '@mirante/shared';
import type { DatedFeatures } from '../../hooks/useDatedFeatures';
import { LotComparePopup } from './LotComparePopup';
import { LotPopup } from './LotPopup';

export interface SelectedLotPopupProps {
  lot: Layer;
  /** The two compared dates, or null when one scene (or none) is shown. */
  compared: { before: Scene; after: Scene } | null;
  /** The lots as each map colours them: the comparison popup takes their statuses from there. */
  dated: Pick<DatedFeatures, 'shownLayers' | 'beforeLayers' | 'datesLoaded'>;
  apiToken: string;
  onClose(): void;
}

const statusOf = (layers: readonly Layer[], id: number) =>
  layers.find((layer) => layer.id === id)?.detectAllotment ?? null;

/** The clicked lot's popup: the comparison popup while two dates are compared, else the lot popup. */
export function SelectedLotPopup({ lot, compared, dated, apiToken, onClose }: SelectedLotPopupProps) {
  if (!compared) return <LotPopup key={lot.id} layer={lot} apiToken={apiToken} onClose={onClose} />;
  return (
    <LotComparePopup
      key={lot.id}
      layer={lot}
      before={{ scene: compared.before, status: statusOf(dated.beforeLayers, lot.id) }}
      after={{ scene: compared.after, status: statusOf(dated.shownLayers, lot.id) }}
      loading={!dated.datesLoaded}
      onClose={onClose}
    />
  );
}
