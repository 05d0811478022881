import { Alert, Descriptions, Divider, Spin } from 'antd';
import { useContext } from 'react';
import { MAP_MESSAGES, type Layer } from '@mirante/shared';
import { useLayerDetail } from '../../api';
import { detailRow } from '../../model/detailRows';
import { formatMetres, formatSquareMetres } from '../../model/format';
import { lotTitle } from '../../style/labels';
import { MapExtensionsContext } from '../../extensions';
import { TimelapseLotButton } from '../../../timelapse/components/TimelapseLotButton';
import { LotPopupFrame } from './LotPopupFrame';
import { ObservationList } from './ObservationList';
import { StatusTimeline } from './StatusTimeline';

/**
 * Lot details popup: title, customer code, additional information, the parts other features add (the sale),
 * status history, observations.
 */
export function LotPopup({ layer, apiToken, onClose }: { layer: Layer; apiToken: string; onClose(): void }) {
  const detail = useLayerDetail(layer.id);
  const { lotPopup } = useContext(MapExtensionsContext);
  const rows = detail.data ?? [];
  const sides = detailRow(rows, 'AZIMUTH')?.value ?? [];
  return (
    <LotPopupFrame title={lotTitle(layer)} testId="lot-popup" onClose={onClose}>
      {detail.isPending && <Spin />}
      {detail.isError && <Alert type="error" message={MAP_MESSAGES.serverError} />}
      {detail.isSuccess && (
        <>
          <Descriptions
            size="small"
            column={2}
            items={[
              { key: 'code', label: 'Código do cliente', children: layer.customer_code ?? '—' },
              { key: 'stage', label: 'Etapa', children: layer.stage ?? '—' },
              { key: 'area', label: 'Área', children: formatSquareMetres(layer.area) },
              { key: 'perimeter', label: 'Perímetro', children: formatMetres(layer.perimeter) },
              {
                key: 'sides',
                label: 'Lados',
                span: 2,
                children: sides.map((side) => formatMetres(side)).join(' · ') || '—',
              },
              ...(detailRow(rows, 'LAYER_INFORMATION')
                ? [
                    {
                      key: 'info',
                      label: 'Informações',
                      span: 2,
                      children: detailRow(rows, 'LAYER_INFORMATION')?.value,
                    },
                  ]
                : []),
            ]}
          />
          {lotPopup.map((Part, index) => (
            <Part key={index} layer={layer} apiToken={apiToken} />
          ))}
          <Divider titlePlacement="start" size="small">
            Histórico
          </Divider>
          <div className="lot-popup-timelapse">
            <TimelapseLotButton layer={layer} apiToken={apiToken} title={lotTitle(layer)} />
          </div>
          <StatusTimeline items={detailRow(rows, 'STATUS_LIST')?.value ?? []} />
          <Divider titlePlacement="start" size="small">
            Observações
          </Divider>
          <ObservationList
            layerId={layer.id}
            observations={detailRow(rows, 'OBS_LIST')?.value ?? []}
            apiToken={apiToken}
          />
        </>
      )}
    </LotPopupFrame>
  );
}
