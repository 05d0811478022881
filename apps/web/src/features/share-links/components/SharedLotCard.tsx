import { CloseOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { detectionTypeOf, displayDate, type SharedView } from '@mirante/shared';
import { SHARE_TEXTS } from '../texts';
import { ColourTag } from '../../../shared/ui/ColourTag';

/** A lot's status at each shown date and, when the link includes them, its observations. */
export function SharedLotStatuses({ view, lotId }: { view: SharedView; lotId: number }) {
  const history = view.statuses.find((item) => item.layer_id === lotId)?.by_date ?? [];
  const observations = view.observations?.filter((item) => item.layer_id === lotId) ?? null;
  return (
    <>
      <ul className="shared-lot__history" aria-label={SHARE_TEXTS.lotHistory}>
        {history.map((entry) => {
          const type = detectionTypeOf(entry.status);
          return (
            <li key={entry.date}>
              <span>{displayDate(entry.date)}</span>
              <ColourTag colour={type?.color}>{type?.name ?? SHARE_TEXTS.noStatus}</ColourTag>
            </li>
          );
        })}
      </ul>
      {observations && observations.length > 0 && (
        <div className="shared-lot__observations">
          <strong>{SHARE_TEXTS.observationsTitle}</strong>
          <ul>
            {observations.map((item, index) => (
              <li key={`${item.date}-${index}`}>
                <span>{displayDate(item.date)}</span> {item.description}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

/** The card of a lot clicked on a shared map. */
export function SharedLotCard({
  view,
  lotId,
  onClose,
}: {
  view: SharedView;
  lotId: number;
  onClose(): void;
}) {
  const lot = view.layers.find((layer) => layer.id === lotId);
  if (!lot) return null;
  return (
    <aside className="shared-lot-card" data-testid="shared-lot-card" aria-label={`Lote ${lot.name}`}>
      <header>
        <strong>
          {lot.name}
          {lot.block ? ` — ${lot.block}` : ''}
        </strong>
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined aria-hidden />}
          aria-label="Fechar"
          onClick={onClose}
        />
      </header>
      <SharedLotStatuses view={view} lotId={lotId} />
    </aside>
  );
}
