import { Alert, Button, Checkbox, Empty, Slider } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { OVERLAY_MESSAGES, OVERLAY_OPACITY } from '@mirante/shared';
import type { MapOverlays } from '../hooks/useMapOverlays';
import type { OverlayLoadFailures } from '../hooks/useOverlayLoadFailures';
import { OverlayWizard } from './OverlayWizard';
import '../overlays.css';

export interface OverlaySidebarSectionProps {
  projectId: number;
  overlays: MapOverlays;
  /** The plans the map could not load, each with a retry. */
  loading: OverlayLoadFailures;
}

/**
 * The map screens: the sidebar's overlays section — a checkbox and an opacity slider per plan (with the error catalogue 'Não foi
 * possível carregar a sobreposição' and a retry under a plan whose image the map could not load), and an add button.
 */
export function OverlaySidebarSection({ projectId, overlays, loading }: OverlaySidebarSectionProps) {
  const [adding, setAdding] = useState(false);
  return (
    <div className="overlay-sidebar" data-testid="overlay-sidebar">
      {overlays.failed && <Alert type="error" showIcon message={OVERLAY_MESSAGES.listFailed} />}
      {!overlays.failed && overlays.overlays.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nenhuma sobreposição cadastrada." />
      )}
      {overlays.overlays.map((overlay) => (
        <div key={overlay.id} className="overlay-sidebar__item" data-testid={`overlay-item-${overlay.id}`}>
          <Checkbox
            checked={!overlays.hidden.has(overlay.id)}
            onChange={(event) => overlays.toggle(overlay.id, event.target.checked)}
          >
            {overlay.name}
          </Checkbox>
          <Slider
            ariaLabelForHandle={`Opacidade de ${overlay.name}`}
            min={OVERLAY_OPACITY.min}
            max={OVERLAY_OPACITY.max}
            step={OVERLAY_OPACITY.step}
            value={overlays.opacityOf(overlay)}
            onChange={(value) => overlays.setOpacity(overlay.id, value)}
            tooltip={{ formatter: (value) => `${value}%` }}
          />
          {loading.failed.has(overlay.id) && !overlays.hidden.has(overlay.id) && (
            <Alert
              className="overlay-sidebar__failed"
              type="error"
              showIcon
              message={OVERLAY_MESSAGES.loadFailed}
              action={
                <Button
                  size="small"
                  aria-label={`Tentar carregar ${overlay.name} novamente`}
                  onClick={() => loading.retry(overlay.id)}
                >
                  Tentar novamente
                </Button>
              }
            />
          )}
        </div>
      ))}
      <Button size="small" icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)}>
        Adicionar sobreposição
      </Button>
      {adding && <OverlayWizard projectId={projectId} onClose={() => setAdding(false)} />}
    </div>
  );
}
