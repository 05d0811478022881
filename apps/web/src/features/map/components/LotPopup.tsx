import { CloseOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Divider, Spin } from 'antd';
import { MAP_MESSAGES, type Layer, type LayerDetailRow } from '@mirante/shared';
import { useLayerDetail } from '../api';
import { formatMetres, formatSquareMetres } from '../map/format';
import { lotTitle } from '../map/labels';
import { ObservationList } from './ObservationList';
import { StatusTimeline } from './StatusTimeline';

function row<F extends LayerDetailRow['field']>(rows: readonly LayerDetailRow[], field: F) {
  return rows.find((item): item is Extract<LayerDetailRow, { field: F }> => item.field === field);
}

/** Lot details popup: title, customer code, additional information, status history, observations. */
export function LotPopup({ layer, apiToken, onClose }: { layer: Layer; apiToken: string; onClose(): void }) {
  const detail = useLayerDetail(layer.id);
  const rows = detail.data ?? [];
  const sides = row(rows, 'AZIMUTH')?.value ?? [];
  return (
    <section className="lot-popup" data-testid="lot-popup" aria-label={lotTitle(layer)}>
      <header className="lot-popup__header">
        <h2>{lotTitle(layer)}</h2>
        <Button type="text" icon={<CloseOutlined />} aria-label="Fechar" onClick={onClose} />
      </header>
      <div className="lot-popup__body">
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
                ...(row(rows, 'LAYER_INFORMATION')
                  ? [
                      {
                        key: 'info',
                        label: 'Informações',
                        span: 2,
                        children: row(rows, 'LAYER_INFORMATION')?.value,
                      },
                    ]
                  : []),
              ]}
            />
            <Divider titlePlacement="start" size="small">
              Histórico
            </Divider>
            <StatusTimeline items={row(rows, 'STATUS_LIST')?.value ?? []} />
            <Divider titlePlacement="start" size="small">
              Observações
            </Divider>
            <ObservationList
              layerId={layer.id}
              observations={row(rows, 'OBS_LIST')?.value ?? []}
              apiToken={apiToken}
            />
          </>
        )}
      </div>
    </section>
  );
}
