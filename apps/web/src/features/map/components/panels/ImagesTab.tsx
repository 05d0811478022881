import { CheckCircleFilled, PictureOutlined } from '@ant-design/icons';
import { Button, Empty, Tag } from 'antd';
import { useState } from 'react';
import { MAP_MESSAGES, type Scene } from '@mirante/shared';
import { visibleSceneCount } from '../../model/sceneSelection';

export interface ImagesTabProps {
  scenes: readonly Scene[];
  selected: readonly number[];
  apiToken: string;
  onToggle(id: number): void;
}

/** Scenes by date with thumbnails: 6 at first, 6 more per click; at most 2 selected. */
export function ImagesTab({ scenes, selected, apiToken, onToggle }: ImagesTabProps) {
  const [clicks, setClicks] = useState(0);
  if (scenes.length === 0) return <Empty description={MAP_MESSAGES.noImages} />;
  const count = visibleSceneCount(clicks, scenes.length);
  return (
    <div className="scene-list" data-testid="scene-list">
      {scenes.slice(0, count).map((scene) => {
        const order = selected.indexOf(scene.id);
        return (
          <button
            key={scene.id}
            type="button"
            className={`scene-card${order >= 0 ? ' scene-card--selected' : ''}`}
            aria-pressed={order >= 0}
            data-testid="scene-card"
            onClick={() => onToggle(scene.id)}
          >
            {scene.previewUrl ? (
              <img
                src={`${scene.previewUrl}?api_token=${encodeURIComponent(apiToken)}`}
                alt=""
                loading="lazy"
              />
            ) : (
              <span className="scene-card__placeholder">
                <PictureOutlined aria-hidden />
              </span>
            )}
            <span className="scene-card__text">
              <strong>{scene.dateFormatted}</strong>
              <small>{scene.dateText}</small>
              {scene.status !== 'ready' && <Tag color="processing">Processando {scene.progress}%</Tag>}
              {scene.cloud !== null && <small>Nuvens: {scene.cloud.toLocaleString('pt-BR')}%</small>}
            </span>
            {order >= 0 && <CheckCircleFilled aria-hidden className="scene-card__check" />}
          </button>
        );
      })}
      {count < scenes.length && (
        <Button block onClick={() => setClicks((value) => value + 1)}>
          Carregar mais imagens
        </Button>
      )}
    </div>
  );
}
