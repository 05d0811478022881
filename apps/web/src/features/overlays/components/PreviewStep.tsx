import { Slider, Typography } from 'antd';
import { useMemo } from 'react';
import type { StyleSpecification } from 'maplibre-gl';
import { OVERLAY_OPACITY, type Georeference } from '@mirante/shared';
import { withOverlays } from '../map/overlayStyle';
import { PointMap } from './PointMap';

export interface PreviewStepProps {
  siteStyle: StyleSpecification;
  fit: Georeference;
  planUrl: string;
  opacity: number;
  onOpacity(value: number): void;
}

/** Step 4: the plan laid on the map where the points put it, with the opacity slider (0–100, step 1). */
export function PreviewStep({ siteStyle, fit, planUrl, opacity, onOpacity }: PreviewStepProps) {
  const style = useMemo(
    () => withOverlays(siteStyle, [{ id: 'preview', url: planUrl, corners: fit.corners, opacity }]),
    [siteStyle, planUrl, fit.corners, opacity],
  );
  return (
    <div className="overlay-preview" data-testid="overlay-step-preview">
      <PointMap testId="overlay-preview-map" style={style} bounds={fit.bounds} marks={[]} />
      <div className="overlay-preview__controls">
        <Typography.Text>Opacidade</Typography.Text>
        <Slider
          ariaLabelForHandle="Opacidade"
          min={OVERLAY_OPACITY.min}
          max={OVERLAY_OPACITY.max}
          step={OVERLAY_OPACITY.step}
          value={opacity}
          onChange={onOpacity}
          tooltip={{ formatter: (value) => `${value}%` }}
        />
        <Typography.Text type="secondary" data-testid="overlay-fit-summary">
          {fit.kind === 'similarity'
            ? 'Dois pontos: escala, rotação e posição.'
            : `Ajuste afim por mínimos quadrados; erro médio quadrático ${fit.rmse.toLocaleString('pt-BR', { maximumFractionDigits: 2 })} m.`}
        </Typography.Text>
      </div>
    </div>
  );
}
