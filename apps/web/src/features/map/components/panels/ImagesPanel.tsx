import { Alert, Button } from 'antd';
import { MAP_MESSAGES, type Scene } from '@mirante/shared';
import type { Comparison } from '../../hooks/useComparison';
import type { MapType } from '../../style/layerStyles';
import { CompareControls } from '../compare/CompareControls';
import { ImagesTab } from './ImagesTab';
import { AlignmentProposal } from '../../../scene-alignment/components/AlignmentProposal';
import { OffsetEditor } from './OffsetEditor';
import { PublishSceneToggle } from './PublishSceneToggle';

export interface ImagesPanelProps {
  projectId: number;
  scenes: readonly Scene[];
  scenesFailed: boolean;
  /** The scene on the (primary) map */
  scene: Scene | null;
  comparison: Comparison;
  isAdmin: boolean;
  apiToken: string;
  /** The map screen's type and its switch (absent where the map always draws the scene). */
  mapType?: MapType;
  onMapType?(value: MapType): void;
}

/** The Imagens tab: date comparison, ADMIN image tools (publish, offset, alignment), then the scene cards. */
export function ImagesPanel(props: ImagesPanelProps) {
  const { scenes, scene, comparison, isAdmin, apiToken } = props;
  return (
    <div className="images-panel">
      {props.scenesFailed && <Alert type="error" message={MAP_MESSAGES.scenesFailed} />}
      {props.mapType === 'sem-imagem' && props.onMapType && scene && (
        <Alert
          type="info"
          showIcon
          data-testid="images-hidden-notice"
          title="No modo 'S/ imagem' as imagens não são desenhadas no mapa."
          action={
            <Button size="small" onClick={() => props.onMapType?.('mapa')}>
              Mostrar imagem
            </Button>
          }
        />
      )}
      <CompareControls scenes={scenes} comparison={comparison} apiToken={apiToken} />
      {isAdmin && (
        <div className="admin-image-tools" data-testid="admin-image-tools">
          {scene && <PublishSceneToggle scene={scene} />}
          <OffsetEditor projectId={props.projectId} scene={scene} />
          {scene && <AlignmentProposal scene={scene} />}
        </div>
      )}
      <ImagesTab
        scenes={scenes}
        selected={comparison.selected}
        apiToken={apiToken}
        onToggle={comparison.clickCard}
      />
    </div>
  );
}
