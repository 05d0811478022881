import { Alert, Button, Modal, Space } from 'antd';
import { useState } from 'react';
import { ALIGNMENT_MESSAGES, type Scene, type SceneAlignment } from '@mirante/shared';
import { ApiError } from '../../../shared/api/ApiError';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { useDecideAlignment, useSceneAlignment } from '../api';
import { AlignmentSwipe } from './AlignmentSwipe';
import '../scene-alignment.css';

export const ALIGNMENT_FAILED = 'Não foi possível registrar a decisão sobre o alinhamento.';

const ALERT_TYPES: Record<SceneAlignment['status'], 'info' | 'success' | 'warning' | 'error'> = {
  running: 'info',
  match: 'info',
  aligned: 'success',
  weak: 'warning',
  little_overlap: 'warning',
  failed: 'error',
};

const DECIDED: Record<NonNullable<SceneAlignment['decision']>, string> = {
  accepted: 'Proposta aceita: o offset da imagem foi ajustado.',
  rejected: 'Proposta recusada: o offset da imagem não foi alterado.',
};

/**
 * ADMIN tool beside 'Editar offset': what Mirante found when it aligned the shown scene to the previous published
 * one — a proposed offset to judge in a before/after swipe and accept or reject, or why it proposes none.
 */
export function AlignmentProposal({ scene }: { scene: Scene }) {
  const message = useFeedback();
  const [open, setOpen] = useState(false);
  const query = useSceneAlignment(scene.id);
  const decide = useDecideAlignment(scene.projectId);
  const alignment = query.data?.data;
  if (!alignment) return null;

  const pending = alignment.status === 'match' && alignment.decision === null;
  const submit = async (decision: 'accept' | 'reject') => {
    try {
      await decide.mutateAsync({ sceneId: scene.id, decision });
      void message.success(decision === 'accept' ? ALIGNMENT_MESSAGES.accepted : ALIGNMENT_MESSAGES.rejected);
      setOpen(false);
    } catch (error) {
      void message.error(error instanceof ApiError ? error.message : ALIGNMENT_FAILED);
    }
  };
  const actions = pending && (
    <Space wrap>
      <Button size="small" type="primary" loading={decide.isPending} onClick={() => void submit('accept')}>
        Aceitar proposta
      </Button>
      <Button size="small" disabled={decide.isPending} onClick={() => void submit('reject')}>
        Recusar
      </Button>
    </Space>
  );

  return (
    <div className="alignment-proposal" data-testid="alignment-proposal">
      <Alert
        type={ALERT_TYPES[alignment.status]}
        showIcon
        title="Alinhamento automático"
        description={
          <>
            <p className="alignment-proposal__message">{alignment.message}</p>
            {alignment.decision && (
              <p className="alignment-proposal__decision">{DECIDED[alignment.decision]}</p>
            )}
            <Space wrap>
              {alignment.previews && (
                <Button size="small" onClick={() => setOpen(true)}>
                  Comparar antes/depois
                </Button>
              )}
              {actions}
            </Space>
          </>
        }
      />
      {alignment.previews && (
        <Modal
          open={open}
          title={`Alinhamento da imagem de ${scene.dateFormatted}`}
          width={720}
          onCancel={() => setOpen(false)}
          footer={actions || null}
          destroyOnHidden
        >
          <p className="alignment-proposal__message">{alignment.message}</p>
          <AlignmentSwipe
            previews={alignment.previews}
            referenceDate={alignment.referenceDate}
            sceneDate={scene.dateFormatted}
          />
        </Modal>
      )}
    </div>
  );
}
