import { PlusOutlined } from '@ant-design/icons';
import { Button, Empty } from 'antd';
import { useState } from 'react';
import { ENVIRONMENT_MESSAGES, type EnvironmentFeature } from '@mirante/shared';
import { statusOf } from '../../../shared/api/ApiError';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { useCredentials } from '../../../shared/session/SessionContext';
import { LoadingScreen } from '../../../shared/status/LoadingScreen';
import { NoImagesScreen } from '../../../shared/status/NoImagesScreen';
import { useCurrentProject } from '../../projects/ProjectContext';
import { useAnalysisFeatures, useAnalysisScenes, useEnvironmentAnalyses, useReviewFeature } from '../api';
import { AnalysesTable } from '../components/AnalysesTable';
import { DetectionFormModal } from '../components/DetectionFormModal';
import { FeaturesTable } from '../components/FeaturesTable';
import { NewAnalysisModal } from '../components/NewAnalysisModal';
import { RejectModal } from '../components/RejectModal';
import '../environment.css';

type Dialog =
  | { kind: 'analysis' }
  | { kind: 'detection'; editing: EnvironmentFeature | null }
  | { kind: 'reject'; feature: EnvironmentFeature }
  | null;

/**
 * The environment analysis page (spec 2.5): the analyses (before/after scenes compared by the detector), the
 * selected analysis's detections with their review, 'Nova Análise' and 'Nova Detecção' for an ADMIN.
 */
export default function EnvironmentAnalysisPage() {
  const project = useCurrentProject();
  const { role } = useCredentials();
  const isAdmin = role === 'ADMIN';
  const scenes = useAnalysisScenes(project.id);
  const analyses = useEnvironmentAnalyses(project.id);
  const [selected, setSelected] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = analyses.data ?? [];
  const current = list.find((a) => a.detectId === selected) ?? list[0] ?? null;
  const features = useAnalysisFeatures(project.id, current?.detectId ?? null);
  const review = useReviewFeature(project.id, current?.detectId ?? 0);
  const feedback = useFeedback();

  if (scenes.isPending) return <LoadingScreen />;
  if (scenes.isError) return <p className="environment-error">{ENVIRONMENT_MESSAGES.scenesFailed}</p>;
  if (scenes.data.length === 0) return <NoImagesScreen />;
  const afterScene = scenes.data.find((s) => s.id === current?.afterScene.id) ?? null;
  // Spec 8: a 404 on detection data is treated as empty.
  const analysesFailed = analyses.isError && statusOf(analyses.error) !== 404;

  const decide = async (feature: EnvironmentFeature, action: 'approve' | 'reject', reason?: string) => {
    try {
      await review.mutateAsync({ featureId: feature.id, action, reason });
      feedback.success(action === 'approve' ? 'Proposta aprovada' : 'Proposta rejeitada');
      setDialog(null);
    } catch (error) {
      feedback.error(`${ENVIRONMENT_MESSAGES.saveDetectionFailed} ${(error as Error).message}`);
    }
  };

  return (
    <div className="environment-page">
      <div className="environment-page__header">
        <h1 className="environment-page__title">Análise</h1>
        {isAdmin && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'analysis' })}>
            Nova Análise
          </Button>
        )}
      </div>
      {analysesFailed ? (
        <p className="environment-error">Ops, ocorreu algum erro no servidor</p>
      ) : (
        <AnalysesTable
          projectId={project.id}
          analyses={list}
          loading={analyses.isPending}
          isAdmin={isAdmin}
          selectedId={current?.detectId ?? null}
          onSelect={setSelected}
        />
      )}
      <div className="environment-page__header environment-page__header--section">
        <h2 className="environment-page__subtitle">
          {current ? `Detecções de ${current.beforeDate} a ${current.afterDate}` : 'Detecções'}
        </h2>
        {isAdmin && current && (
          <Button icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'detection', editing: null })}>
            Nova Detecção
          </Button>
        )}
      </div>
      {current ? (
        <FeaturesTable
          features={features.data ?? []}
          loading={features.isPending}
          isAdmin={isAdmin}
          onApprove={(f) => void decide(f, 'approve')}
          onReject={(f) => setDialog({ kind: 'reject', feature: f })}
          onEdit={(f) => setDialog({ kind: 'detection', editing: f })}
        />
      ) : (
        <Empty description="Nenhuma análise cadastrada." />
      )}
      {dialog?.kind === 'analysis' && (
        <NewAnalysisModal projectId={project.id} scenes={scenes.data} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'detection' && current && (
        <DetectionFormModal
          project={project}
          analysis={current}
          afterScene={afterScene}
          editing={dialog.editing}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'reject' && (
        <RejectModal
          pending={review.isPending}
          onClose={() => setDialog(null)}
          onReject={(reason) => void decide(dialog.feature, 'reject', reason)}
        />
      )}
    </div>
  );
}
