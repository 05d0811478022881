import type { Layer, Scene } from '@mirante/shared';
import type { DatedFeatures } from '../../hooks/useDatedFeatures';
import { LotComparePopup } from './LotComparePopup';
import { LotPopup } from './LotPopup';

export interface SelectedLotPopupProps {
  lot: Layer;
  /** The two compared dates, or null when one scene (or none) is shown. */
  compared: { before: Scene; after: Scene } | null;
  /** The lots' statuses on each map's date: the comparison popup shows those the maps are coloured with. */
  dated: Pick<DatedFeatures, 'statusOn' | 'datesLoaded'>;
  apiToken: string;
  onClose(): void;
}

/** The clicked lot's popup: the comparison popup while two dates are compared, else the lot popup. */
export function SelectedLotPopup({ lot, compared, dated, apiToken, onClose }: SelectedLotPopupProps) {
  if (!compared) return <LotPopup key={lot.id} layer={lot} apiToken={apiToken} onClose={onClose} />;
  return (
    <LotComparePopup
      key={lot.id}
      layer={lot}
      before={{ scene: compared.before, status: dated.statusOn('before', lot.id) }}
      after={{ scene: compared.after, status: dated.statusOn('shown', lot.id) }}
      loading={!dated.datesLoaded}
      onClose={onClose}
    />
  );
}
