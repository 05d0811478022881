import { Alert, Button, Space } from 'antd';
import { MinusOutlined, PlusOutlined, CompressOutlined } from '@ant-design/icons';
import { useRef, useState, type MouseEvent, type WheelEvent } from 'react';
import {
  GEOREFERENCE_MESSAGES,
  OVERLAY_IMAGE_MAX_ZOOM,
  OVERLAY_MESSAGES,
  type ImageSize,
} from '@mirante/shared';

export interface ImageMark {
  label: string;
  x: number;
  y: number;
  active: boolean;
}

export interface PlanImagePaneProps {
  src: string;
  /** The full image's size: marks and clicks are in its pixels. */
  size: ImageSize;
  marks: readonly ImageMark[];
  onMark(point: { x: number; y: number }): void;
  onOutside(message: string): void;
}

const DRAG_SLOP = 4;

/** The plan image, zoomable up to 10× and draggable; a click marks the active point on it. */
export function PlanImagePane({ src, size, marks, onMark, onOutside }: PlanImagePaneProps) {
  const [view, setView] = useState({ scale: 1, x: 0, y: 0 });
  // The error catalogue 'Não foi possível carregar a sobreposição': the plan image did not arrive; a retry remounts the image,
  // which asks again (a failed image is not cached).
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const image = useRef<HTMLImageElement>(null);
  const drag = useRef<{ startX: number; startY: number; x: number; y: number; moved: boolean } | null>(null);

  const zoom = (factor: number) =>
    setView((current) => {
      const scale = Math.min(OVERLAY_IMAGE_MAX_ZOOM, Math.max(1, current.scale * factor));
      return scale === 1 ? { scale, x: 0, y: 0 } : { ...current, scale };
    });

  const onWheel = (event: WheelEvent) => zoom(event.deltaY < 0 ? 1.25 : 0.8);
  const onMouseDown = (event: MouseEvent) => {
    drag.current = { startX: event.clientX, startY: event.clientY, x: view.x, y: view.y, moved: false };
  };
  const onMouseMove = (event: MouseEvent) => {
    const current = drag.current;
    if (!current || event.buttons === 0) return;
    const [dx, dy] = [event.clientX - current.startX, event.clientY - current.startY];
    if (Math.hypot(dx, dy) > DRAG_SLOP) current.moved = true;
    if (current.moved) setView((v) => ({ ...v, x: current.x + dx, y: current.y + dy }));
  };
  const onClick = (event: MouseEvent) => {
    const moved = drag.current?.moved;
    drag.current = null;
    if (moved || !image.current) return;
    const rect = image.current.getBoundingClientRect();
    const [u, v] = [(event.clientX - rect.left) / rect.width, (event.clientY - rect.top) / rect.height];
    // The validation rules: the image point must fall inside the image.
    if (u < 0 || v < 0 || u > 1 || v > 1) return onOutside(GEOREFERENCE_MESSAGES.outsideImage);
    onMark({ x: Math.round(u * size.width * 100) / 100, y: Math.round(v * size.height * 100) / 100 });
  };

  return (
    <div className="plan-pane" data-testid="plan-pane">
      <div
        className="plan-pane__viewport"
        onWheel={onWheel}
        onMouseDown={onMouseDown}
        onMouseMove={onMouseMove}
        onClick={onClick}
      >
        <div
          className="plan-pane__content"
          style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
        >
          <img
            key={attempt}
            ref={image}
            src={src}
            alt="Planta"
            draggable={false}
            data-testid="plan-image"
            // No broken-image icon under the message.
            style={failed ? { visibility: 'hidden' } : undefined}
            onError={() => setFailed(true)}
            onLoad={() => setFailed(false)}
          />
          {marks.map((mark) => (
            <span
              key={mark.label}
              className={`overlay-mark overlay-mark--image${mark.active ? ' overlay-mark--active' : ''}`}
              style={{
                left: `${(mark.x / size.width) * 100}%`,
                top: `${(mark.y / size.height) * 100}%`,
                transform: `translate(-50%, -50%) scale(${1 / view.scale})`,
              }}
              data-testid={`image-mark-${mark.label}`}
            >
              {mark.label}
            </span>
          ))}
        </div>
      </div>
      {failed && (
        <Alert
          className="plan-pane__failed"
          type="error"
          showIcon
          message={OVERLAY_MESSAGES.loadFailed}
          action={
            <Button size="small" onClick={() => setAttempt((count) => count + 1)}>
              Tentar novamente
            </Button>
          }
        />
      )}
      <Space className="plan-pane__zoom" size={4}>
        <Button
          size="small"
          icon={<PlusOutlined aria-hidden />}
          aria-label="Aproximar a planta"
          onClick={() => zoom(1.5)}
        />
        <Button
          size="small"
          icon={<MinusOutlined aria-hidden />}
          aria-label="Afastar a planta"
          onClick={() => zoom(1 / 1.5)}
        />
        <Button
          size="small"
          icon={<CompressOutlined aria-hidden />}
          aria-label="Planta inteira"
          onClick={() => setView({ scale: 1, x: 0, y: 0 })}
        />
      </Space>
    </div>
  );
}
