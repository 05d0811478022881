import { PlayCircleOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { TIMELAPSE_LIMITS } from '@mirante/shared';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import type { MapInstance } from '../../map/engine/maplibre';
import { viewBoxes } from '../model/timelapseBoxes';
import { TimelapseModal } from './TimelapseModal';

export const TIMELAPSE_VIEW_TOO_WIDE = 'Aproxime o mapa da área do projeto para ver o timelapse.';

/** The map tools' 'Timelapse': every published scene over the visible area, in date order. */
export function TimelapseViewButton({
  map,
  projectId,
  apiToken,
}: {
  map: MapInstance;
  projectId: number;
  apiToken: string;
}) {
  const [boxes, setBoxes] = useState<ReturnType<typeof viewBoxes> | null>(null);
  const feedback = useFeedback();
  const open = () => {
    const bounds = map.getBounds();
    const canvas = map.getContainer();
    const span = Math.max(bounds.getEast() - bounds.getWest(), bounds.getNorth() - bounds.getSouth());
    if (span > TIMELAPSE_LIMITS.maxSpanDegrees) {
      feedback.warning(TIMELAPSE_VIEW_TOO_WIDE);
      return;
    }
    setBoxes(
      viewBoxes(
        {
          west: bounds.getWest(),
          south: bounds.getSouth(),
          east: bounds.getEast(),
          north: bounds.getNorth(),
        },
        { width: canvas.clientWidth, height: canvas.clientHeight },
      ),
    );
  };
  return (
    <div className="map-tool-group">
      <Tooltip title="Timelapse da área visível" placement="left">
        <Button aria-label="Timelapse" icon={<PlayCircleOutlined aria-hidden />} onClick={open} />
      </Tooltip>
      {boxes && (
        <TimelapseModal
          open
          onClose={() => setBoxes(null)}
          projectId={projectId}
          apiToken={apiToken}
          title="Timelapse da área visível"
          playerBox={boxes.player}
          exportBox={boxes.export}
          lotId={null}
        />
      )}
    </div>
  );
}
