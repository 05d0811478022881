import { PlayCircleOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import type { Layer } from '@mirante/shared';
import { lotBox } from '../model/timelapseBoxes';
import { TimelapseModal } from './TimelapseModal';

/** The lot popup's 'Timelapse do lote': every published scene over the lot, in date order. */
export function TimelapseLotButton({
  layer,
  apiToken,
  title,
}: {
  layer: Layer;
  apiToken: string;
  title: string;
}) {
  const [open, setOpen] = useState(false);
  const box = lotBox(layer.geo_json);
  if (!box) return null;
  return (
    <>
      <Button size="small" icon={<PlayCircleOutlined aria-hidden />} onClick={() => setOpen(true)}>
        Timelapse do lote
      </Button>
      {open && (
        <TimelapseModal
          open
          onClose={() => setOpen(false)}
          projectId={layer.project_id}
          apiToken={apiToken}
          title={`Timelapse — ${title}`}
          playerBox={box}
          exportBox={box}
          lotId={layer.id}
        />
      )}
    </>
  );
}
