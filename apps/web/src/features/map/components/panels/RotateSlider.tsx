import { InputNumber, Slider } from 'antd';
import { MAP_LIMITS } from '@mirante/shared';
import { clampRotation } from '../../model/measure';

export interface RotateSliderProps {
  value: number;
  onChange(value: number): void;
}

/** 'Rotacionar mapa': -360..360 degrees, slider and number field, clamped. */
export function RotateSlider({ value, onChange }: RotateSliderProps) {
  return (
    <div className="rotate-slider" data-testid="rotate-slider">
      <span>Rotacionar mapa</span>
      <div className="rotate-slider__row">
        <Slider
          min={MAP_LIMITS.rotationMin}
          max={MAP_LIMITS.rotationMax}
          value={value}
          onChange={(next: number) => onChange(clampRotation(next))}
        />
        <InputNumber
          aria-label="Ângulo de rotação"
          size="small"
          value={value}
          suffix="°"
          onChange={(next) => onChange(clampRotation(typeof next === 'number' ? next : 0))}
        />
      </div>
    </div>
  );
}
