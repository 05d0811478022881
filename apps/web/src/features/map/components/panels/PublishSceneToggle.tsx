import { Checkbox } from 'antd';
import { useFeedback } from '../../../../shared/feedback/useFeedback';
import type { Scene } from '@mirante/shared';
import { usePublishScene } from '../../api';

/** ADMIN tool: publish / disable the shown scene (the states and transitions "Scene publish"). */
export function PublishSceneToggle({ scene }: { scene: Scene }) {
  const message = useFeedback();
  const publish = usePublishScene(scene.projectId);
  const toggle = async (value: boolean) => {
    try {
      await publish.mutateAsync({ id: scene.id, publish: value });
      void message.success(value ? 'Imagem publicada' : 'Imagem desativada');
    } catch {
      void message.error(
        value ? 'Não foi possível publicar a imagem' : 'Não foi possível desativar a imagem',
      );
    }
  };
  return (
    <Checkbox
      data-testid="publish-scene"
      checked={scene.approvalStatus}
      disabled={publish.isPending}
      onChange={(event) => void toggle(event.target.checked)}
    >
      Publicar imagem
    </Checkbox>
  );
}
