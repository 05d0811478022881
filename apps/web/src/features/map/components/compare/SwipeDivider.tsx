import { useRef } from 'react';

export interface SwipeDividerProps {
  /** Divider position, 0–1 of the stage width. */
  position: number;
  onChange(position: number): void;
}

/** The draggable handle of the swipe (cortina) comparison; also moves with the arrow keys. */
export function SwipeDivider({ position, onChange }: SwipeDividerProps) {
  const ref = useRef<HTMLDivElement>(null);
  const move = (clientX: number) => {
    const stage = ref.current?.parentElement?.getBoundingClientRect();
    if (stage && stage.width > 0) onChange(Math.min(1, Math.max(0, (clientX - stage.left) / stage.width)));
  };
  return (
    <div
      ref={ref}
      className="swipe-divider"
      data-testid="swipe-divider"
      role="slider"
      aria-label="Divisor da comparação"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(position * 100)}
      tabIndex={0}
      style={{ left: `${position * 100}%` }}
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        move(event.clientX);
      }}
      onPointerMove={(event) => {
        if (event.currentTarget.hasPointerCapture(event.pointerId)) move(event.clientX);
      }}
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft') onChange(Math.max(0, position - 0.05));
        if (event.key === 'ArrowRight') onChange(Math.min(1, position + 0.05));
      }}
    >
      <span className="swipe-divider__handle" />
    </div>
  );
}
