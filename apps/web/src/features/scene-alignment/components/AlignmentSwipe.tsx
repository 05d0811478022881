import { Segmented, Slider } from 'antd';
import { useState } from 'react';
import type { SceneAlignment } from '@mirante/shared';

export interface AlignmentSwipeProps {
  previews: NonNullable<SceneAlignment['previews']>;
  referenceDate: string;
  /** DD/MM/YYYY of the scene being judged. */
  sceneDate: string;
}

type Side = 'before' | 'after';

/**
 * The reference scene under this scene, split by a curtain the ADMIN drags: left of it the reference, right of
 * it this scene, as uploaded ('Antes') or with the proposed offset ('Depois'). Aligned, roads and roofs run on
 * across the curtain unbroken.
 */
export function AlignmentSwipe({ previews, referenceDate, sceneDate }: AlignmentSwipeProps) {
  const [side, setSide] = useState<Side>('after');
  const [position, setPosition] = useState(50);
  return (
    <div className="alignment-swipe" data-testid="alignment-swipe">
      <Segmented<Side>
        value={side}
        onChange={setSide}
        options={[
          { value: 'before', label: 'Antes (como enviada)' },
          { value: 'after', label: 'Depois (com a proposta)' },
        ]}
      />
      <div className="alignment-swipe__frame">
        <img src={previews.reference} alt={`Imagem de ${referenceDate} (referência)`} draggable={false} />
        <img
          className="alignment-swipe__top"
          src={side === 'after' ? previews.after : previews.before}
          alt={`Imagem de ${sceneDate} ${side === 'after' ? 'com a proposta' : 'como enviada'}`}
          style={{ clipPath: `inset(0 0 0 ${position}%)` }}
          draggable={false}
          data-testid={`alignment-swipe-${side}`}
        />
        <div className="alignment-swipe__curtain" style={{ left: `${position}%` }} />
        <span className="alignment-swipe__label alignment-swipe__label--left">{referenceDate}</span>
        <span className="alignment-swipe__label alignment-swipe__label--right">{sceneDate}</span>
      </div>
      <Slider
        ariaLabelForHandle="Posição da cortina"
        min={0}
        max={100}
        value={position}
        onChange={setPosition}
        tooltip={{ formatter: null }}
      />
    </div>
  );
}
