import { Alert } from 'antd';
import { MAP_MESSAGES, type Scene } from '@mirante/shared';
import type { Comparison } from '../../hooks/useComparison';
import { CompareControls } from '../compare/CompareControls';
import { ImagesTab } from './ImagesTab';
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
}

/** The Imagens tab: date comparison, ADMIN image tools (publish, offset), then the scene cards. */
export function ImagesPanel(props: ImagesPanelProps) {
  const { scenes, scene, comparison, isAdmin, apiToken } = props;
  return (
    <div className="images-panel">
      {props.scenesFailed && <Alert type="error" message={MAP_MESSAGES.scenesFailed} />}
      <CompareControls scenes={scenes} comparison={comparison} apiToken={apiToken} />
      {isAdmin && (
        <div className="admin-image-tools" data-testid="admin-image-tools">
          {scene && <PublishSceneToggle scene={scene} />}
          <OffsetEditor projectId={props.projectId} scene={scene} />
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
